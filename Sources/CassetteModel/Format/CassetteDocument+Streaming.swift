import Foundation

extension CassetteDocument {
    /// The bytes of ``encoded()``, handed to `emit` in pieces, one interaction at a time, so a
    /// cassette with a large body is written out without its whole text in memory beside it.
    package func encode(into emit: (UnsafeRawBufferPointer) -> Void) {
        func emitText(_ text: String) {
            var text = text
            text.withUTF8 { emit(UnsafeRawBufferPointer($0)) }
        }
        guard !interactions.isEmpty else {
            encoded().withUnsafeBytes(emit)
            return
        }
        // The layout JSONWriter's pretty style gives the document's two members.
        emitText("{\n  \"interactions\": [")
        for (position, interaction) in interactions.enumerated() {
            var writer = JSONWriter(style: .pretty)
            emitText(position == 0 ? "\n    " : ",\n    ")
            writer.write(interaction.jsonValue, nestedBy: 4)
            writer.takeOutput().withUnsafeBytes(emit)
        }
        emitText("\n  ],\n  \"version\": \(CassetteDocument.formatVersion)\n}\n")
    }
}
