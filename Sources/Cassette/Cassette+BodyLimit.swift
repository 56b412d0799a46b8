import CassetteCore
import Foundation

extension Cassette {
    /// The largest body a recording keeps unless the options or `.cassette.json` say otherwise:
    /// 64 MiB. A larger one (a gzip bomb, a video) would make a cassette no diff can show, and
    /// would be held in memory while recording.
    public static let defaultMaxBodyBytes = 64 * 1024 * 1024

    /// Throws when a body passed the size limit while recording: the file is left as it was.
    func refuseOversizedBodies(_ recording: RecordingSession) throws(CassetteError) {
        guard let first = recording.oversizedBodies.first else { return }
        throw CassetteError.bodyTooLarge(
            path: fileURL.path, request: matcher.scrubber.scrubText(first.request), bytes: first.bytes,
            limit: recording.maxBodyBytes, testName: options.testName)
    }
}
