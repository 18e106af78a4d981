import Crypto
import Foundation
import _CryptoExtras

/// Decrypts a payload's `encryptedFeatures` and `encryptedSavedGroups`: AES-CBC with PKCS#7
/// padding, the text `IV.CIPHERTEXT` in base64 and the key in base64, as GrowthBook encrypts
/// them (the spec's `decrypt` cases). Base64 is read as the browsers' `atob` reads it (white
/// space skipped, padding optional), so a key the JavaScript SDK takes is taken here.
package enum GrowthBookDecryption {
    /// The plain text, or why there is none (a wrong key almost always breaks the padding).
    package static func decrypt(_ text: String, key: String) throws(GrowthBookDecryptionError) -> String {
        guard let keyBytes = base64(key[...]) else {
            throw GrowthBookDecryptionError("the decryption key is not base64")
        }
        guard [16, 24, 32].contains(keyBytes.count) else {
            throw GrowthBookDecryptionError(
                "the decryption key is \(keyBytes.count) bytes; an AES key is 16 (or 24 or 32)")
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw GrowthBookDecryptionError("the encrypted text is not IV.CIPHERTEXT (no '.')")
        }
        guard let ivBytes = base64(parts[0]), ivBytes.count == 16 else {
            throw GrowthBookDecryptionError("the IV before the '.' is not 16 bytes of base64")
        }
        guard let cipherBytes = base64(parts[1]), !cipherBytes.isEmpty, cipherBytes.count % 16 == 0 else {
            throw GrowthBookDecryptionError("the ciphertext after the '.' is not base64 of whole AES blocks")
        }
        let plain: Data
        do {
            let iv = try AES._CBC.IV(ivBytes: ivBytes)
            plain = try AES._CBC.decrypt(cipherBytes, using: SymmetricKey(data: keyBytes), iv: iv)
        } catch {
            throw GrowthBookDecryptionError("it does not decrypt with this key (the padding is wrong)")
        }
        // The SDK decodes with TextDecoder, which puts U+FFFD for bytes that are not UTF-8.
        return String(decoding: plain, as: UTF8.self)
    }

    /// `atob`: base64 with ASCII white space ignored and `=` padding optional; `nil` for any
    /// other character or an impossible length.
    static func base64(_ text: Substring) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case UInt8(ascii: "="): values.append(64)
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20: continue
            default: return nil
            }
        }
        // Up to two `=` at the end of a whole group are padding; anywhere else they are wrong.
        if values.count % 4 == 0 {
            for _ in 0..<2 where values.last == 64 { values.removeLast() }
        }
        guard values.count % 4 != 1, !values.contains(64) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for value in values {
            buffer = (buffer << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return bytes
    }
}

/// Why an encrypted payload part cannot be read.
package struct GrowthBookDecryptionError: Error, Sendable, Hashable {
    /// What is wrong, in words.
    package var message: String

    /// Creates an error.
    package init(_ message: String) {
        self.message = message
    }
}
