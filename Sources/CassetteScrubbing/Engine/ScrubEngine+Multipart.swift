import Foundation

extension ScrubEngine {
    /// The boundary of a multipart body: from the media type, or from a first line `--boundary`
    /// followed by parts with `Content-Disposition`.
    static func multipartBoundary(_ bytes: [UInt8], hint: MediaType?) -> String? {
        if let hint, hint.isMultipart, let boundary = hint.parameter("boundary"), !boundary.isEmpty { return boundary }
        guard bytes.count > 4, bytes[0] == UInt8(ascii: "-"), bytes[1] == UInt8(ascii: "-") else { return nil }
        var end = 2
        while end < bytes.count, end < 200, bytes[end] != 0x0D, bytes[end] != 0x0A { end += 1 }
        guard end > 2, end < bytes.count,
            ScrubBytes.firstIndex(
                of: Array("Content-Disposition".utf8), in: bytes, from: end, before: min(bytes.count, end + 400))
                != nil
        else { return nil }
        return ScrubBytes.string(bytes, 2..<end)
    }

    /// One part of a multipart body.
    struct MultipartPart {
        var content: Range<Int>
        var name: String?
        var fileName: String?
        var contentType: MediaType?
        /// The part's `Content-Transfer-Encoding`, lower-cased (a mail's `base64`, `quoted-printable`).
        var transferEncoding: String?
        /// The line break of the part's headers.
        var lineBreak = "\r\n"

        /// What a finding calls the part: its field name, file name or media type.
        var label: String { name ?? fileName ?? contentType?.essence ?? "?" }
    }

    /// The parts of a multipart body, as byte ranges of their contents.
    static func multipartParts(_ bytes: [UInt8], boundary: String) -> [MultipartPart] {
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [MultipartPart] = []
        var position = ScrubBytes.firstIndex(of: delimiter, in: bytes, from: 0)
        while let start = position {
            let partStart = start + delimiter.count
            let next = ScrubBytes.firstIndex(of: delimiter, in: bytes, from: partStart)
            let partEnd = next ?? bytes.count
            position = next
            let separator =
                ScrubBytes.firstIndex(of: Array("\r\n\r\n".utf8), in: bytes, from: partStart, before: partEnd).map {
                    ($0, 4)
                }
                ?? ScrubBytes.firstIndex(of: Array("\n\n".utf8), in: bytes, from: partStart, before: partEnd).map {
                    ($0, 2)
                }
            guard let (headerEnd, separatorLength) = separator else { continue }
            var contentEnd = partEnd
            if contentEnd >= 2, bytes[contentEnd - 2] == 0x0D, bytes[contentEnd - 1] == 0x0A {
                contentEnd -= 2
            } else if contentEnd >= 1, bytes[contentEnd - 1] == 0x0A {
                contentEnd -= 1
            }
            let contentStart = headerEnd + separatorLength
            guard contentStart < contentEnd else { continue }
            let headers = String(decoding: bytes[partStart..<headerEnd], as: UTF8.self)
            var part = MultipartPart(content: contentStart..<contentEnd)
            part.lineBreak = separatorLength == 4 ? "\r\n" : "\n"
            for line in headers.split(whereSeparator: \.isNewline) {
                let lower = line.lowercased()
                if lower.hasPrefix("content-transfer-encoding:") {
                    part.transferEncoding = lower.dropFirst("content-transfer-encoding:".count)
                        .trimmingASCIIWhitespace()
                } else if lower.hasPrefix("content-type:") {
                    part.contentType = MediaType(String(line.dropFirst("content-type:".count)))
                } else if lower.hasPrefix("content-disposition:") {
                    part.name = dispositionParameter("name", of: line)
                    part.fileName = dispositionParameter("filename", of: line)
                }
            }
            parts.append(part)
        }
        return parts
    }

    /// How a mail's part is encoded when its `Content-Transfer-Encoding` says so: quoted-printable,
    /// or base64 of text (an HTML part of a raw message); `nil` for a part as it is.
    private func mailEncoding(of part: MultipartPart, in bytes: [UInt8]) -> Nested.Encoding? {
        switch part.transferEncoding {
        case "quoted-printable"?:
            return .quotedPrintable(lineBreak: part.lineBreak)
        case "base64"?:
            return ScrubTextCodecs.base64Text(ScrubBytes.string(bytes, part.content)).map { .base64($0.style) }
        default:
            return nil
        }
    }

    /// The end of a mail's headers and the boundary its `Content-Type: multipart/…` names, when the
    /// text is a MIME message (a raw mail inside a JSON string) whose parts follow its headers.
    static func mailMultipart(_ bytes: [UInt8]) -> (headerEnd: Int, boundary: String)? {
        guard bytes.count > 40, let blank = headersEnd(bytes)?.blank else { return nil }
        let headers = String(decoding: bytes[..<blank], as: UTF8.self)
        for line in headers.split(whereSeparator: \.isNewline) where line.lowercased().hasPrefix("content-type:") {
            let type = MediaType(String(line.dropFirst("content-type:".count)))
            guard type.isMultipart, let boundary = type.parameter("boundary"), !boundary.isEmpty else { return nil }
            return (blank, boundary)
        }
        return nil
    }

    /// A parameter of a `Content-Disposition` line, unquoted.
    private static func dispositionParameter(_ wanted: String, of line: Substring) -> String? {
        for parameter in line.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingASCIIWhitespace().lowercased() == wanted else { continue }
            var value = parts[1].trimmingASCIIWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    /// Parts whose field name is a secret's are secrets; every other part (files too: an uploaded
    /// `.env` or YAML file) is a text of its own.
    func multipartStructure(_ bytes: [UInt8], boundary: String) -> Found {
        var found = Found()
        for part in ScrubEngine.multipartParts(bytes, boundary: boundary) {
            if let name = part.name, part.fileName == nil, isSecretName(name, in: .formField) {
                found.spans.append(
                    Span(
                        range: part.content, secret: ScrubBytes.string(bytes, part.content),
                        rule: rules.spec(.secretField), summary: "value of multipart field \"\(name)\""))
            } else {
                found.nested.append(
                    Nested(
                        range: part.content, encoding: mailEncoding(of: part, in: bytes) ?? .identity,
                        kind: .text(part.contentType), place: "in multipart part \"\(part.label)\""))
            }
        }
        return found
    }
}
