/// Why a slot got its variant.
public enum AssignmentReason: Sendable, Hashable {
    /// The user was hashed into a variation of an experiment: a real exposure.
    case experiment(key: String, variationIndex: Int, hashAttribute: String, hashValue: String, bucket: Double)
    /// The caller forced the variant, e.g. with the CLI's `--variant`.
    case forced
    /// An experiment's `force` chose the variation for an included user; not an exposure.
    case forcedByConfig(key: String, variationIndex: Int)
    /// The rule at this index of the configuration's `rules` matched.
    case rule(index: Int)
    /// Nothing else decided, so the slot's default variant applies.
    case `default`

    /// The kind of reason, whose raw value is its one spelling in JSON output and event logs.
    public var kind: Kind {
        switch self {
        case .experiment: .experiment
        case .forced: .forced
        case .forcedByConfig: .forcedByConfig
        case .rule: .rule
        case .default: .default
        }
    }

    /// Whether this assignment is an experiment exposure that should be logged.
    public var isExposure: Bool {
        if case .experiment = self { return true }
        return false
    }
}

extension AssignmentReason {
    /// The kinds of ``AssignmentReason``, without their details.
    ///
    /// The raw values are the spellings every output uses: `assign --json`, the `reason` of an
    /// `assignment` event and the documentation.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// ``AssignmentReason/experiment(key:variationIndex:hashAttribute:hashValue:bucket:)``.
        case experiment
        /// ``AssignmentReason/forced``.
        case forced
        /// ``AssignmentReason/forcedByConfig(key:variationIndex:)``.
        case forcedByConfig = "forced_by_config"
        /// ``AssignmentReason/rule(index:)``.
        case rule
        /// ``AssignmentReason/default``.
        case `default`
    }
}

extension AssignmentReason: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, experiment, variationIndex, hashAttribute, hashValue, bucket, ruleIndex
    }

    /// Decodes `{"kind": "experiment" | "forced" | "forced_by_config" | "rule" | "default", …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .experiment:
            self = .experiment(
                key: try container.decode(String.self, forKey: .experiment),
                variationIndex: try container.decode(Int.self, forKey: .variationIndex),
                hashAttribute: try container.decode(String.self, forKey: .hashAttribute),
                hashValue: try container.decode(String.self, forKey: .hashValue),
                bucket: try container.decode(Double.self, forKey: .bucket)
            )
        case .forced:
            self = .forced
        case .forcedByConfig:
            self = .forcedByConfig(
                key: try container.decode(String.self, forKey: .experiment),
                variationIndex: try container.decode(Int.self, forKey: .variationIndex)
            )
        case .rule:
            self = .rule(index: try container.decode(Int.self, forKey: .ruleIndex))
        case .default:
            self = .default
        }
    }

    /// Encodes a flat object tagged by `kind`; `experiment` carries `experiment`, `variationIndex`,
    /// `hashAttribute`, `hashValue` and `bucket`; `forced_by_config` carries `experiment` and `variationIndex`;
    /// `rule` carries `ruleIndex`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .experiment(let key, let variationIndex, let hashAttribute, let hashValue, let bucket):
            try container.encode(Kind.experiment, forKey: .kind)
            try container.encode(key, forKey: .experiment)
            try container.encode(variationIndex, forKey: .variationIndex)
            try container.encode(hashAttribute, forKey: .hashAttribute)
            try container.encode(hashValue, forKey: .hashValue)
            try container.encode(bucket, forKey: .bucket)
        case .forced:
            try container.encode(Kind.forced, forKey: .kind)
        case .forcedByConfig(let key, let variationIndex):
            try container.encode(Kind.forcedByConfig, forKey: .kind)
            try container.encode(key, forKey: .experiment)
            try container.encode(variationIndex, forKey: .variationIndex)
        case .rule(let index):
            try container.encode(Kind.rule, forKey: .kind)
            try container.encode(index, forKey: .ruleIndex)
        case .default:
            try container.encode(Kind.default, forKey: .kind)
        }
    }
}
