extension ScrubEngine {
    /// A table of comma-, semicolon- or tab-separated values (an admin's CSV export, a TSV report):
    /// a header row of column names and rows of as many cells, quotes respected. Every cell under a
    /// column named like a secret (`api_key`, `password`) is one; the column's name is what says so,
    /// as a JSON key's does.
    func csvStructure(_ bytes: [UInt8], hint: MediaType?) -> Found {
        var found = Found()
        let essence = hint?.essence ?? ""
        let declared = essence == "text/csv" || essence == "text/tab-separated-values"
        guard let firstBreak = bytes.firstIndex(of: 0x0A), firstBreak + 1 < bytes.count else { return found }
        let header = bytes[..<firstBreak]
        let candidates: [UInt8] = essence == "text/tab-separated-values" ? [0x09] : [0x2C, 0x3B, 0x09]
        guard let delimiter = candidates.max(by: { a, b in header.count { $0 == a } < header.count { $0 == b } }),
            header.contains(delimiter)
        else { return found }
        // Cheap refusals first: a header row is names (`api_key`, `Password Changed At`), not data,
        // and one of them must name a secret before the rows are read.
        let headerNames = header.split(separator: delimiter, omittingEmptySubsequences: false).map {
            String(decoding: $0.filter { $0 != 0x0D && $0 != 0x22 }, as: UTF8.self)
        }
        guard headerNames.count >= 2, declared || headerNames.allSatisfy(ScrubEngine.isColumnName),
            headerNames.contains(where: { isSecretName($0, in: .jsonKey) }),
            let rows = ScrubEngine.csvRows(bytes, delimiter: delimiter), rows.count >= 2
        else { return found }
        let width = rows[0].count
        guard rows.allSatisfy({ $0.count == width }) else { return found }
        let names = rows[0].map { ScrubBytes.string(bytes, $0) }
        for (column, name) in names.enumerated() where isSecretName(name, in: .jsonKey) {
            for row in rows.dropFirst() {
                let cell = row[column]
                let value = ScrubBytes.string(bytes, cell)
                guard !cell.isEmpty, !ScrubEngine.isNeverSecret(value, inherited: false) else { continue }
                found.spans.append(
                    Span(
                        range: cell, secret: value, rule: rules.spec(.secretField),
                        summary: "value in the \"\(name)\" column of the table"))
            }
        }
        return found
    }

    /// 1 to 64 letters, digits, `_`, `-`, `.` and spaces, starting with a letter.
    static func isColumnName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, ShapeBytes.isLetter(first), bytes.count <= 64 else { return false }
        return bytes.allSatisfy {
            ShapeBytes.isAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".") || $0 == 0x20
        }
    }

    /// The cells of each non-empty line, as ranges of their contents (inside quotes when quoted);
    /// `nil` when a quote is left open or a quoted cell has text after its closing quote.
    static func csvRows(_ bytes: [UInt8], delimiter: UInt8) -> [[Range<Int>]]? {
        var rows: [[Range<Int>]] = []
        var row: [Range<Int>] = []
        var cellStart = 0
        // The contents of the cell being read, when it was quoted.
        var quoted: Range<Int>?
        func endCell(at end: Int) {
            var last = end
            if last > cellStart, bytes[last - 1] == 0x0D { last -= 1 }
            row.append(quoted ?? cellStart..<last)
            quoted = nil
        }
        func endRow(at end: Int) {
            endCell(at: end)
            if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
            row = []
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22, index == cellStart {
                // A quoted cell: up to the quote not doubled, then the end of the cell.
                var close = index + 1
                while true {
                    guard let quote = bytes[close...].firstIndex(of: 0x22) else { return nil }
                    guard quote + 1 < bytes.count, bytes[quote + 1] == 0x22 else {
                        close = quote
                        break
                    }
                    close = quote + 2
                }
                let next = close + 1 < bytes.count ? bytes[close + 1] : 0x0A
                guard next == delimiter || next == 0x0A || next == 0x0D else { return nil }
                quoted = (index + 1)..<close
                index = close + 1
                continue
            }
            if byte == delimiter {
                endCell(at: index)
                cellStart = index + 1
            } else if byte == 0x0A {
                endRow(at: index)
                cellStart = index + 1
            }
            index += 1
        }
        if cellStart < bytes.count || !row.isEmpty || quoted != nil { endRow(at: bytes.count) }
        return rows
    }
}
