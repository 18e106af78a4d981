import Testing

@testable import FlagCore

/// The limit on the size of a file read (limits.fileSize): how it is written, shown and raised.
@Suite("File size limits")
struct FileSizeLimitTests {
    @Test("Sizes are read in KB, MB and GB (powers of 1024) or bytes, and shown the same way")
    func sizes() {
        #expect(FileSizeLimit.parse("512MB") == 512 << 20)
        #expect(FileSizeLimit.parse("2 gb") == 2 << 30)
        #expect(FileSizeLimit.parse("900KB") == 900 << 10)
        #expect(FileSizeLimit.parse("4096") == 4096)
        for bad in ["", "MB", "-1MB", "0", "1.5GB", "lots", "99999999999GB"] {
            #expect(FileSizeLimit.parse(bad) == nil, "\(bad)")
        }
        #expect(FileSizeLimit.text(FileSizeLimit.defaultBytes) == "256 MB")
        #expect(FileSizeLimit.text(3 << 29) == "1.5 GB")
        #expect(FileSizeLimit.text(12) == "12 bytes")
        #expect(
            FileSizeLimit.hint(toRead: 300 << 20, over: 256 << 20)
                == "raise it with 'limits: { fileSize: 512MB }' in flagscope.yml")
    }
}
