/// Text escaped for the formats CI systems read, once for every report that writes them (the
/// gate's JUnit and GitHub output, the crash findings' JUnit and annotations, `sdui init`'s JSON).
public enum CIText {
    /// XML attribute and element text: markup characters escaped, characters XML 1.0 cannot hold
    /// replaced by U+FFFD (a JUnit file with a control byte in a message is unreadable otherwise).
    public static func xml(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(c)
            case _ where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A GitHub Actions workflow command's message (`::error …::MESSAGE`).
    public static func workflowData(_ s: String) -> String {
        s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// A workflow command's property value (`file=`, `title=`): also `:` and `,`.
    public static func workflowProperty(_ s: String) -> String {
        workflowData(s).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }

    /// A JSON string literal, quotes included.
    public static func jsonString(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
