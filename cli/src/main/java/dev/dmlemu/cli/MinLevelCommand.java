package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.nativebridge.DirectMlBackend;
import dev.dmlemu.featurelevels.MinimumFeatureLevel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dmlemu min-level MODEL.json...}: the lowest feature level that accepts every dispatchable, or why none
 * does; for several files, the same for each, led by its name, then a summary ({@link ModelBatch}).
 */
@Command(name = "min-level", mixinStandardHelpOptions = true,
        description = {"Prints the lowest DirectML feature level that accepts every dispatchable of a model.",
            "When no level does, it prints the reasons."})
final class MinLevelCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "MODEL.json", converter = ModelPathConverter.class,
            description = "DxDispatch-style model files, - for standard input (several: one JVM, a line per file and a"
                    + " summary)")
    List<Path> models;

    @Option(names = "--json", description = "print one JSON object on stdout")
    boolean json;

    @Mixin
    ModelReading reading;

    @Option(names = "--backend", paramLabel = "BACKEND", defaultValue = "emulator",
            description = "emulator (dmlemu's answer only, default) or directml (also DirectML's own CreateOperator"
                    + " verdict at the device's level, next to dmlemu's at the newest level)")
    BackendChoice backend;

    @Override
    public Integer call() {
        if (backend != BackendChoice.DIRECTML) {
            return ModelBatch.run(models, model -> check(model, Optional.empty()), ModelBatch.Output.of(spec, json));
        }
        try (BackendSession session = BackendSession.open(BackendChoice.DIRECTML, EmulatorOptions.defaults())) {
            if (!json) {
                spec.commandLine().getErr().println(session.describe(session.backend().maxFeatureLevel(),
                        Optional.empty()));
            }
            DirectMlBackend real = (DirectMlBackend) session.backend();
            return ModelBatch.run(models, model -> check(model, Optional.of(real)), ModelBatch.Output.of(spec, json));
        }
    }

    private ModelBatch.FileResult check(Path model, Optional<DirectMlBackend> real) {
        ModelInput input = ModelInput.read(model, reading);
        if (input.operators().isEmpty()) {
            // No dispatchable means no answer, not an invalid operator: exit 1 would claim diagnostics.
            throw CliFailure.unusableInput(model + ": the model has no dispatchables; min-level needs at least one");
        }
        ModelVerdict verdict = ModelVerdict.of(input, FeatureLevel.newest());
        boolean accepted = verdict.minimumLevel().isPresent();
        ObjectNode root = Json.object();
        verdict.minimumLevel().ifPresentOrElse(level -> root.put("minimumFeatureLevel", level.cName()),
                () -> root.putNull("minimumFeatureLevel"));
        ObjectNode perDispatchable = root.putObject("dispatchables");
        ArrayNode reasons = root.putArray("reasons");
        verdict.minimums().forEach((name, minimum) -> {
            minimum.level().ifPresentOrElse(level -> perDispatchable.put(name, level.cName()),
                    () -> perDispatchable.putNull(name));
            minimum.reasons().forEach(reason -> reasons.add(Json.diagnostic(name, reason)));
        });
        List<String> lines = new ArrayList<>();
        if (accepted) {
            lines.add(verdict.minimumLevel().get().cName());
        } else {
            for (Map.Entry<String, MinimumFeatureLevel> entry : verdict.minimums().entrySet()) {
                if (entry.getValue().level().isPresent()) {
                    continue;
                }
                lines.add("no feature level accepts '" + OneLine.of(entry.getKey()) + "':");
                for (Diagnostic reason : entry.getValue().reasons()) {
                    if (reason.isError()) {
                        lines.add("  " + OneLine.of(reason.severity().name().toLowerCase(Locale.ROOT) + " "
                                + reason.rule().name() + " " + reason.message()));
                    }
                }
            }
        }
        real.ifPresent(backend -> RealVerdicts.add(input, ModelVerdict.of(input.operators(),
                backend.maxFeatureLevel()), backend, lines, root));
        return new ModelBatch.FileResult(accepted ? ExitCode.SUCCESS : ExitCode.INVALID_OPERATOR, lines, root);
    }
}
