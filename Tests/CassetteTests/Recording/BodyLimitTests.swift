import Cassette
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A recording keeps no body larger than its limit: the response is cut off as it arrives (a gzip
/// bomb is never decoded whole), the caller gets an error that says why, and `finish()` leaves the
/// cassette as it was.
@Suite struct BodyLimitTests {
    @Test func aGzipBombIsCutOffAtTheLimitAndNothingIsWritten() async throws {
        let bomb = gzipBomb(zeros: 50_000_000)
        #expect(bomb.count < 400_000)
        let server = try TestHTTPServer { _ in
            var response = HTTPResponseSpec.bytes(bomb)
            response.headers.append(("Content-Encoding", "gzip"))
            return response
        }
        let directory = try TemporaryDirectory()
        let file = try directory.write("Bomb.json", CassetteDocument().encoded())
        let before = try Data(contentsOf: file)
        var options = testOptions()
        options.maxBodyBytes = 1_000_000
        let cassette = try Cassette(fileURL: file, mode: .record, options: options)
        do {
            _ = try await cassette.session().fetch(server.url("/bomb"))
            Issue.record("the body past the limit was delivered")
        } catch let error as URLError {
            #expect(error.code == .dataLengthExceedsMaximum)
            #expect(error.localizedDescription.contains("passed the recording limit of 1000000 bytes"))
        }
        await #expect {
            try await cassette.finish()
        } throws: { error in
            guard case .bodyTooLarge(let path, let request, let bytes, let limit, _) = error as? CassetteError else {
                return false
            }
            return path == file.path && request == "GET \(server.url("/bomb").absoluteString)" && bytes > limit
                && limit == 1_000_000
                && "\(error)".contains("more than the limit of 1000000 bytes, so the cassette was left")
        }
        #expect(try Data(contentsOf: file) == before)
    }

    @Test func theLimitComesFromTheProjectsRecordSection() async throws {
        let server = try TestHTTPServer()
        let package = try ScratchPackage()
        try package.write(".cassette.json", #"{"record": {"maxBodyBytes": 1000}}"#)
        let file = package.url("Cassettes/Large.json")
        let cassette = try Cassette(fileURL: file, mode: .record, options: testOptions())
        _ = try? await cassette.session().fetch(server.url("/large?bytes=5000"))
        _ = try await cassette.session().fetch(server.url("/large?bytes=1000"))
        await #expect {
            try await cassette.finish()
        } throws: { error in
            guard case .bodyTooLarge(_, let request, _, let limit, _) = error as? CassetteError else { return false }
            return request.hasSuffix("/large?bytes=5000") && limit == 1000
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func bodiesUpToTheLimitAreRecorded() async throws {
        let server = try TestHTTPServer()
        let directory = try TemporaryDirectory()
        let file = directory.file("Fits.json")
        var options = testOptions()
        options.maxBodyBytes = 5000
        let cassette = try Cassette(fileURL: file, mode: .record, options: options)
        let (data, _) = try await cassette.session().fetch(server.url("/large?bytes=5000"))
        #expect(data.count == 5000)
        try await cassette.finish()
        #expect(try CassetteDocument.read(from: file).interactions.count == 1)
    }
}
