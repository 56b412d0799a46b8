import Foundation

/// A body's stored form, valid only for the body and `Content-Type` it was made for.
///
/// Not part of a message's value: every hint equals every other and hashes to nothing, so a message's
/// synthesized `==` and `hash(into:)` see only what it says.
package struct StoredFormHint: Sendable, Hashable {
    let form: StoredBody?
    let body: Data?
    let contentType: String?

    /// No hint.
    package init() {
        form = nil
        body = nil
        contentType = nil
    }

    init(form: StoredBody?, body: Data?, headers: [HTTPHeader]) {
        self.form = form
        self.body = body
        contentType = headers.value(for: "Content-Type")
    }

    func form(for body: Data?, headers: [HTTPHeader]) -> StoredBody? {
        body == self.body && headers.value(for: "Content-Type") == contentType ? form : nil
    }

    package static func == (lhs: StoredFormHint, rhs: StoredFormHint) -> Bool { true }

    package func hash(into hasher: inout Hasher) {}
}

/// A request or a response: headers and a body whose stored form a file may have confirmed.
package protocol HTTPMessage {
    var headers: [HTTPHeader] { get }
    var body: Data? { get }
    /// The stored form of ``body``, as a file gave it; use ``storedForm``.
    var storedFormHint: StoredFormHint { get set }
}

extension HTTPMessage {
    /// How the body was stored in the file it was read from, when that is how the canonical writer
    /// stores it too; saves parsing the body again. Valid only while the body and `Content-Type`
    /// stay as they were.
    package var storedForm: StoredBody? {
        get { storedFormHint.form(for: body, headers: headers) }
        set { storedFormHint = StoredFormHint(form: newValue, body: body, headers: headers) }
    }
}
