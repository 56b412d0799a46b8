import Foundation

/// Words for a POSIX shell, as the commands messages suggest are printed.
package enum ShellQuoting {
    /// `text` as one shell word: as it is when it holds only characters no shell treats specially,
    /// in single quotes otherwise.
    package static func quoted(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "_-./=:,+@%".utf8.contains(byte)
        }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
