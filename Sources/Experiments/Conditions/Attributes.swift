/// The attributes describing one user or session, e.g. `["id": "u-42", "deviceClass": "tablet"]`.
///
/// The host fills `id` from the CLI's `--user`; experiments hash `id` unless they name another `hashAttribute`.
public typealias Attributes = JSONObject
