import FlintCore
import SwiftUI

/// The Now Playing screen: what the player's flags change while an episode plays.
struct NowPlayingScreen: View {
    @ObservedObject var player: EpisodePlayer

    var body: some View {
        VStack {
            Text(player.episode.title)
            HStack {
                Button("Back 15s") { player.skip(by: -15) }
                // The skip button jumps as far as the flag says.
                Button("Forward \(appFlags.player.skipForwardSeconds)s") {
                    player.skip(by: appFlags.player.skipForwardSeconds)
                }
            }
            if SleepTimerFeature.isAvailable == true {
                Button("Sleep timer") { SleepTimerFeature.request(SleepTimerFeature.show) }
            }
        }
        .onAppear {
            player.rate = appFlags.player.playbackRate
            player.bufferAhead = TimeInterval(appFlags.streamingBuffer)
            player.usesNewEngine = appFlags.newAudioEngine
        }
    }
}
