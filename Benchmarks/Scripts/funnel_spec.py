"""The funnel (steps, goal, window) shared by duckdb_funnel.py and reference_funnel.py.

Given either by an experiments.json (`--config`: the experiment's `funnel`, as `switchyard report` reads it)
or explicitly (`--steps-json`, `--goal-json`, `--window-seconds`; explicit values override the config's).
A matcher is `{"type": ..., "screen"?: ..., "action"?: ..., "properties"?: {k: v}}`; a step's `name` is ignored.
"""
import json

DEFAULT_WINDOW_SECONDS = 14 * 24 * 60 * 60
MATCHER_KEYS = {"type", "screen", "action", "properties"}
EVENT_TYPES = {
    "session_started", "exposure", "assignment", "screen_shown", "action", "back", "child_started",
    "child_finished", "mutation", "flow_completed", "flow_abandoned",
}


def add_funnel_arguments(parser):
    parser.add_argument("--experiment", required=True, help="experiment key, e.g. onboarding-order")
    parser.add_argument("--config", help="experiments.json holding the experiment's funnel")
    parser.add_argument("--steps-json", help='ordered steps, e.g. \'[{"type":"screen_shown","screen":"welcome"}]\'')
    parser.add_argument("--goal-json", help='goal matcher (default {"type":"flow_completed"})')
    parser.add_argument("--window-seconds", type=int, help="conversion window (default 14 days)")


def _matcher(obj, what, parser):
    if not isinstance(obj, dict) or obj.get("type") not in EVENT_TYPES:
        parser.error("%s must be an object whose \"type\" is one of %s: %r" % (what, ", ".join(sorted(EVENT_TYPES)), obj))
    matcher = {k: v for k, v in obj.items() if k in MATCHER_KEYS and v is not None}
    for key in ("screen", "action"):
        if key in matcher and not isinstance(matcher[key], str):
            parser.error("%s.%s must be a string" % (what, key))
    props = matcher.get("properties") or {}
    if not isinstance(props, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in props.items()):
        parser.error("%s.properties must map strings to strings" % what)
    matcher["properties"] = props
    return matcher


def funnel_from_arguments(args, parser):
    """(steps, goal, window_seconds) from the parsed arguments; exits with a usage error when inconsistent."""
    steps, goal, window = None, None, None
    if args.config:
        with open(args.config) as f:
            config = json.load(f)
        found = [e for e in config.get("experiments", []) if e.get("key") == args.experiment]
        if not found:
            parser.error("%s names no experiment %r" % (args.config, args.experiment))
        funnel = found[0].get("funnel")
        if funnel:
            steps = funnel.get("steps")
            goal = funnel.get("goal")
            seconds = funnel.get("conversionWindowSeconds")
            if seconds is not None:
                if seconds != int(seconds):
                    parser.error("fractional conversionWindowSeconds %r is not supported" % seconds)
                window = int(seconds)
    if args.steps_json is not None:
        steps = json.loads(args.steps_json)
    if args.goal_json is not None:
        goal = json.loads(args.goal_json)
    if args.window_seconds is not None:
        window = args.window_seconds
    if not steps:
        parser.error("no funnel steps: give --config or --steps-json (discovered-screen funnels are not supported)")
    steps = [_matcher(s, "step %d" % (i + 1), parser) for i, s in enumerate(steps)]
    goal = _matcher(goal if goal is not None else {"type": "flow_completed"}, "goal", parser)
    window = DEFAULT_WINDOW_SECONDS if window is None else max(0, window)
    return steps, goal, window
