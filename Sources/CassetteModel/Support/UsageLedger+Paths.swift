import Foundation

extension UsageLedger {
    /// The key a ledger files a cassette under: its path relative to the package root (the whole
    /// standardized path when the file is outside the package).
    package static func key(for fileURL: URL, packageRoot root: URL?) -> String {
        let path = fileURL.standardizedFileURL.path
        guard let root else { return path }
        let prefix = root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
