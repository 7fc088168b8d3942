import SDUICrashAnalysis

/// The reproduce line's builder before it became the plan the replay itself runs from.
@available(*, deprecated, renamed: "ReplayPlan", message: "a ReplayPlan both runs the replay and prints its reproduce line")
public typealias ReproduceCommand = ReplayPlan

extension ReplayPlan {
    @available(*, deprecated, message: "use ReplayPlan.replay(binary:configuration:limits:inputs:)")
    public static func replay(binary: String, configuration: Configuration?, timeout: Int, rssLimitMB: Int, inputs: [String]) -> ReplayPlan {
        replay(binary: binary, configuration: configuration, limits: Limits(timeout: timeout, rssLimitMB: rssLimitMB), inputs: inputs)
    }
}
