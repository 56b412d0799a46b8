import CassetteModel
import Testing

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func fipsVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(Array(message.utf8)) == digest)
    }

    @Test func oneMillionAsInUnevenChunks() {
        var hasher = SHA256()
        var fed = 0
        var chunk = 1
        while fed < 1_000_000 {
            let size = min(chunk, 1_000_000 - fed)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: size))
            fed += size
            chunk = chunk * 3 % 1_000 + 1
        }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func everyLengthAroundTheBlockBoundaryMatchesOneShotHashing() {
        // Padding bugs hide at 55, 56 and 64 bytes; chunked and one-shot hashing must agree.
        for length in 50...130 {
            let bytes = (0..<length).map { UInt8($0 % 256) }
            var chunked = SHA256()
            chunked.update(bytes[..<(length / 3)])
            chunked.update(bytes[(length / 3)...])
            #expect(chunked.finalizeHex() == SHA256.hexDigest(bytes), "length \(length)")
        }
        #expect(
            SHA256.hexDigest(Array(repeating: UInt8(ascii: "a"), count: 64))
                == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }
}
