import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Cassette {
    /// Refuses an upload task's request whose body cannot be seen: keeps the error for the test's
    /// report and returns it, to fail the request with.
    func refusal(ofUpload request: URLRequest) -> CassetteError {
        let text = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")"
        let error = CassetteError.uploadBodyUnavailable(path: fileURL.path, request: matcher.scrubber.scrubText(text))
        refuse(error)
        return error
    }
}
