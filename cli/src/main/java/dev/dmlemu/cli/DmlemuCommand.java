package dev.dmlemu.cli;

import picocli.CommandLine.Command;

/** {@code dmlemu}: DirectML GatherElements and Gather, validated and executed off Windows. */
@Command(name = "dmlemu",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Validates DirectML GatherElements and Gather descriptors at any feature level and runs them bit for"
                    + " bit, on a Java emulator or on the real DirectML (Windows).",
            "Reads DxDispatch-style model files."},
        subcommands = {
            RunCommand.class,
            ValidateCommand.class,
            MinLevelCommand.class,
            LevelsCommand.class,
            OnnxCommand.class,
            SchemaCommand.class,
            picocli.AutoComplete.GenerateCompletion.class},
        footer = {"", "Exit codes: 0 success/valid, 1 invalid operator, 2 unusable input or usage,",
            "3 requested backend unavailable, 70 internal error."})
final class DmlemuCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** Read by {@link Main} from the arguments themselves; declared here so that every command accepts it. */
    @picocli.CommandLine.Option(names = "--debug", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "on an internal error, print its stack trace too")
    boolean debug;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "missing command: run, validate, min-level, levels, onnx or schema");
    }
}
