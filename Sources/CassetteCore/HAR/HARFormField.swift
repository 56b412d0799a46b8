import Foundation

/// One `postData.params[]` element of a HAR request, and how a list of them becomes the body a
/// client sent: `application/x-www-form-urlencoded` fields, or `multipart/form-data` parts.
package struct HARFormField: Sendable, Equatable {
    package var name: String
    package var value: String
    package var fileName: String?
    package var contentType: String?

    package init(name: String, value: String, fileName: String? = nil, contentType: String? = nil) {
        self.name = name
        self.value = value
        self.fileName = fileName
        self.contentType = contentType
    }

    /// The body the fields stand for under `mimeType`: multipart parts separated by its boundary
    /// when it is `multipart/form-data` with one, URL-encoded fields otherwise.
    package static func body(of fields: [HARFormField], mimeType: String) -> Data {
        let mediaType = MediaType(mimeType)
        if mediaType.isMultipart, let boundary = mediaType.parameter("boundary"), !boundary.isEmpty {
            var text = ""
            for field in fields {
                text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field.name)\""
                if let fileName = field.fileName { text += "; filename=\"\(fileName)\"" }
                text += "\r\n"
                if let contentType = field.contentType, !contentType.isEmpty {
                    text += "Content-Type: \(contentType)\r\n"
                }
                text += "\r\n\(field.value)\r\n"
            }
            text += "--\(boundary)--\r\n"
            return Data(text.utf8)
        }
        let encoded = fields.map { formEncoded($0.name) + "=" + formEncoded($0.value) }
        return Data(encoded.joined(separator: "&").utf8)
    }

    /// `text` encoded as a form field: unreserved characters kept, spaces as `+`, the rest
    /// percent-encoded.
    private static func formEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "*"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result += "+"
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
