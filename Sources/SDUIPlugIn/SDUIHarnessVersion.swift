/// The harness's version, in one place: `sdui --version` prints it, and `VersionTests` holds it
/// equal to the newest release in CHANGELOG.md (semantic versioning: see its policy).
public enum SDUIHarnessVersion {
    public static let current = "0.1.0"
}
