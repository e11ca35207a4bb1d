package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.nativebridge.DirectMlBackend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code dmlemu validate MODEL.json...}: every diagnostic of every dispatchable, then a verdict; for several files,
 * the same for each, led by its name, then a summary ({@link ModelBatch}).
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Validates every dispatchable of a model file at a feature level.",
            "Every problem is reported at once, with the field, the rule and the lowest level that would accept"
                    + " it."})
final class ValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "MODEL.json", converter = ModelPathConverter.class,
            description = "DxDispatch-style model files, - for standard input (several: one JVM, a line per file and a"
                    + " summary)")
    List<Path> models;

    @Option(names = "--feature-level", paramLabel = "LEVEL", converter = FeatureLevelConverter.class,
            description = "2_1, 3_0, 4_1, ... 6_4 (default: the newest, ${DEFAULT-VALUE})",
            defaultValue = "6_4")
    FeatureLevel featureLevel;

    @Option(names = "--json", description = "print one JSON object on stdout")
    boolean json;

    @Mixin
    ModelReading reading;

    @Option(names = "--backend", paramLabel = "BACKEND", defaultValue = "emulator",
            description = "emulator (dmlemu's verdict only, default) or directml (DirectML's own CreateOperator verdict"
                    + " next to it, disagreements marked)")
    BackendChoice backend;

    @Override
    public Integer call() {
        if (backend != BackendChoice.DIRECTML) {
            return ModelBatch.run(models, model -> check(model, Optional.empty()), ModelBatch.Output.of(spec, json));
        }
        try (BackendSession session = BackendSession.open(BackendChoice.DIRECTML, EmulatorOptions.defaults())) {
            DirectMlBackend real = (DirectMlBackend) session.backend();
            if (!json) {
                spec.commandLine().getErr().println(session.describe(featureLevel, Optional.empty()));
            }
            return ModelBatch.run(models, model -> check(model, Optional.of(real)), ModelBatch.Output.of(spec, json));
        }
    }

    private ModelBatch.FileResult check(Path model, Optional<DirectMlBackend> real) {
        ModelInput input = ModelInput.read(model, reading);
        ModelVerdict verdict = ModelVerdict.of(input, featureLevel);
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Diagnostic> entry : verdict.diagnostics()) {
            lines.add(OneLine.diagnostic(entry.getKey(), entry.getValue()));
        }
        ObjectNode json = toJson(verdict);
        real.ifPresent(backend -> RealVerdicts.add(input, verdict, backend, lines, json));
        lines.add(verdict.verdictLine());
        return new ModelBatch.FileResult(verdict.isValid() ? ExitCode.SUCCESS : ExitCode.INVALID_OPERATOR, lines,
                json);
    }

    static ObjectNode toJson(ModelVerdict verdict) {
        ObjectNode root = Json.object();
        root.put("valid", verdict.isValid());
        root.put("featureLevel", verdict.level().cName());
        verdict.minimumLevel().ifPresentOrElse(level -> root.put("minimumFeatureLevel", level.cName()),
                () -> root.putNull("minimumFeatureLevel"));
        ArrayNode diagnostics = root.putArray("diagnostics");
        verdict.diagnostics().forEach(entry -> diagnostics.add(Json.diagnostic(entry.getKey(), entry.getValue())));
        return root;
    }
}
