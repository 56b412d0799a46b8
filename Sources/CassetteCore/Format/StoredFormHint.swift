import Foundation

/// A body's stored form, valid only for the body and `Content-Type` it was made for.
struct StoredFormHint: Sendable {
    let form: StoredBody
    let body: Data?
    let contentType: String?

    init(form: StoredBody, body: Data?, headers: [HTTPHeader]) {
        self.form = form
        self.body = body
        contentType = headers.value(for: "Content-Type")
    }

    func form(for body: Data?, headers: [HTTPHeader]) -> StoredBody? {
        body == self.body && headers.value(for: "Content-Type") == contentType ? form : nil
    }
}
