import ArgumentParser

/// The `--app` option of the commands that run an app's flows.
struct AppOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The app to run (see `switchyard variants`); by default the app the config names, or the only app.",
        valueName: "name"
    ))
    var app: String?
}
