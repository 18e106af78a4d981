import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request takes too long to arrive: its headers must come within
/// `limit` of the connection opening (or of the previous answer), and its body within `limit`
/// of its headers. A client sending a byte now and then would keep an idle timeout waiting for
/// ever; this counts from the start of each part.
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: TimeAmount
    private var timer: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    /// Counts from now; the channel closes when the count runs out.
    private func start(_ context: ChannelHandlerContext) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
    }

    private func stop() {
        timer?.cancel()
        timer = nil
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { stop() }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        // The headers came: the body's count starts.
        case .head: start(context)
        // The whole request came: the answer takes what it takes.
        case .end: stop()
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The answer went: the next request's headers are counted from here.
        if case .end = unwrapOutboundIn(data) { start(context) }
        context.write(data, promise: promise)
    }
}
