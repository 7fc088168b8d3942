/// Text escaped for the formats CI systems read, once for every report that writes them (the
/// gate's JUnit and GitHub output, the crash findings' JUnit and annotations, `sdui init`'s JSON).
public enum CIText {
    /// XML attribute and element text: markup characters escaped, characters XML 1.0 cannot hold
    /// replaced by U+FFFD (a JUnit file with a control byte in a message is unreadable otherwise).
    public static func xml(_ s: String) -> String {
        escaped(s) { c in
            switch c {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "\n", "\t": nil
            case _ where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF: "\u{FFFD}"
            default: nil
            }
        }
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
        "\"" + escaped(s) { c in
            switch c {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where c.value < 0x20: "\\u00" + (c.value < 0x10 ? "0" : "") + String(c.value, radix: 16)
            default: nil
            }
        } + "\""
    }

    /// `s` with each scalar `replacement` answers for replaced (nil: kept as it is).
    static func escaped(_ s: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for c in s.unicodeScalars {
            if let r = replacement(c) { out += r } else { out.unicodeScalars.append(c) }
        }
        return out
    }
}
