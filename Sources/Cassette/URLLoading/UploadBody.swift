import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The body of an upload task (`upload(for:from:)`, `upload(for:fromFile:)`), which URLSession does
/// not put in the request a `URLProtocol` sees.
///
/// On Linux (swift-corelibs-foundation) the task keeps it in a stored property, `knownBody`, read
/// here by reflection: the data given, or the file's contents. Where it cannot be found (a streamed
/// upload, `uploadTask(withStreamedRequest:)`, whose stream the session asks its delegate for;
/// another platform; another layout of the task), the body is ``unavailable`` and the cassette
/// refuses the request rather than record or match it without its body.
package enum UploadBody: Equatable {
    /// The task is no upload task: its body, if any, is in the request.
    case notAnUpload
    /// The upload's body (`nil` for an empty one).
    case body(Data?)
    /// An upload task whose body cannot be seen.
    case unavailable

    /// The upload body of `task`.
    package static func of(_ task: URLSessionTask?) -> UploadBody {
        guard let task, task is URLSessionUploadTask else { return .notAnUpload }
        return reflected(task)
    }

    /// The body as the task's `knownBody` holds it: `.none`, `.data(DispatchData)` or `.file(URL)`;
    /// ``unavailable`` for anything else (`.stream`, a delegate's body stream, no such property).
    static func reflected(_ task: URLSessionTask) -> UploadBody {
        var mirror: Mirror? = Mirror(reflecting: task)
        while let current = mirror {
            if let known = current.children.first(where: { $0.label == "knownBody" })?.value {
                return body(from: known)
            }
            mirror = current.superclassMirror
        }
        return .unavailable
    }

    private static func body(from known: Any) -> UploadBody {
        let optional = Mirror(reflecting: known)
        guard optional.displayStyle == .optional else { return .unavailable }
        // No body kept: a streamed upload, whose stream the session asks its delegate for.
        guard let value = optional.children.first?.value else { return .unavailable }
        let body = Mirror(reflecting: value)
        guard body.displayStyle == .enum else { return .unavailable }
        guard let payload = body.children.first else {
            // A case without a payload: `.none`, no body.
            return String(describing: value) == "none" ? .body(nil) : .unavailable
        }
        switch (payload.label, payload.value) {
        case ("data", let data as DispatchData):
            return .body(data.isEmpty ? nil : Data(data))
        case ("file", let url as URL):
            guard let data = try? Data(contentsOf: url) else { return .unavailable }
            return .body(data.isEmpty ? nil : data)
        default:
            return .unavailable
        }
    }
}
