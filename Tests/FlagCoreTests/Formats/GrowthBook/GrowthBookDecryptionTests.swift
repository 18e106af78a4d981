import Testing

@testable import FlagCore

/// Decrypting encrypted payload parts, with base64 read as the browsers' atob reads it.
@Suite("GrowthBook: decryption")
struct GrowthBookDecryptionTests {
    static let key = "AAECAwQFBgcICQoLDA0ODw=="
    static let notJSON = "8ODQwLCgkIBwYFBAMCAQAA==.c7N5xZDVvuBLKmhe+tn1iA=="

    @Test("The text decrypts with the key; padding and white space in base64 are optional")
    func decrypts() throws {
        #expect(try GrowthBookDecryption.decrypt(Self.notJSON, key: Self.key) == "not json")
        #expect(
            try GrowthBookDecryption.decrypt(
                "8ODQwLCgkIBwYFBAMCAQAA.c7N5xZDVvuBLKmhe+tn1iA", key: " AAECAwQFBgcICQoLDA0ODw ") == "not json")
    }

    @Test(
        "Each way the text or key can be wrong is an error that says which",
        arguments: [
            (
                "8ODQwLCgkIBwYFBAMCAQAA==.c7N5xZDVvuBLKmhe+tn1iA==", "AAECAwQFBgcICQoLDA0O",
                "the decryption key is 15 bytes; an AES key is 16 (or 24 or 32)"
            ),
            (
                "8ODQwLCgkIBwYFBAMCAQAA==.c7N5xZDVvuBLKmhe+tn1iA==", "AAEC*wQFBgcICQoLDA0ODw==",
                "the decryption key is not base64"
            ),
            (
                "8ODQwLCgkIBwYFBAMCAQAA==c7N5xZDVvuBLKmhe+tn1iA==", key,
                "the encrypted text is not IV.CIPHERTEXT (no '.')"
            ),
            ("8ODQwLCgkIBwYFBA==.c7N5xZDVvuBLKmhe+tn1iA==", key, "the IV before the '.' is not 16 bytes of base64"),
            (
                "8ODQwLCgkIBwYFBAMCAQAA==.c7N5xZDVvuBLKmhe+tn1", key,
                "the ciphertext after the '.' is not base64 of whole AES blocks"
            ),
            (
                "8ODQwLCgkIBwYFBAMCAQAA==.c7N5xZDVvuBLKmhe+tn1iA==", "AAECAwQFBgcICQoLDA0ODg==",
                "it does not decrypt with this key (the padding is wrong)"
            ),
        ])
    func errors(text: String, key: String, message: String) {
        #expect(throws: GrowthBookDecryptionError(message)) { try GrowthBookDecryption.decrypt(text, key: key) }
    }

    @Test("atob's base64: a = that is not padding, or a length of 4n+1, is no base64")
    func base64() {
        #expect(GrowthBookDecryption.base64("YWJj") == Array("abc".utf8))
        #expect(GrowthBookDecryption.base64("YWI") == Array("ab".utf8))
        #expect(GrowthBookDecryption.base64("YW=I") == nil)
        #expect(GrowthBookDecryption.base64("YWJjZ") == nil)
    }
}
