package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The validator on DML_SCATTER_ND at {@code DML_FEATURE_LEVEL_6_4} against the real DirectML.dll 1.15.4 (which
 * reports 6_4): "valid" must equal "CreateOperator returned S_OK" on every generated desc (docs/directml-behaviour.md
 * §13.3). The descs on which CreateOperator ends the process (§13.4) never go into the shared batch: the generated ones
 * are only checked to be refused with {@code CREATE_OPERATOR_FAIL_FAST}, and the measured ones run one per process.
 */
class ScatterNdValidatorAgreementTest {

    private static final long SEED = 20250702L;

    /** The harness's exit code when DirectML.dll ends the process with a fail-fast (SEH never sees it). */
    private static final int FAIL_FAST_EXIT_CODE = 9;

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    @Test
    void validatorAgreesWithCreateOperatorOnEveryGeneratedDesc() throws Exception {
        List<AgreementCase<ScatterNdOperatorDesc>> all = ScatterNdAgreementCases.generate(SEED);
        List<AgreementCase<ScatterNdOperatorDesc>> batch = new ArrayList<>();
        List<String> failFastNotNamed = new ArrayList<>();
        int endsTheProcess = 0;
        for (AgreementCase<ScatterNdOperatorDesc> c : all) {
            if (ScatterNdAgreementCases.endsTheProcess(c.desc())) {
                endsTheProcess++;
                if (!namesTheFailFast(validator.validate(c.desc(), FeatureLevel.LEVEL_6_4))) {
                    failFastNotNamed.add(c.name() + ": " + c.desc());
                }
            } else {
                batch.add(c);
            }
        }
        assertTrue(endsTheProcess >= 5, "the generated cases include descs that end the process");
        assertTrue(failFastNotNamed.isEmpty(), () -> "not refused with CREATE_OPERATOR_FAIL_FAST:\n"
                + String.join("\n", failFastNotNamed));
        RealDirectMl real = RealDirectMl.locateOrSkip("SCATTER_ND validator/real-DirectML agreement");
        AgreementTally.of(real, batch).printAndAssertAgreement("SCATTER_ND", SEED, "; " + endsTheProcess
                + " more that end the process kept out and refused with CREATE_OPERATOR_FAIL_FAST", 300, 30);
    }

    /**
     * The measured shapes whose tuple is longer than InputDimensionCount, at most the input's DimensionCount long, with
     * IndicesDimensionCount 2 or more (§13.4), each alone in its process: CreateOperator still ends the process, and
     * the validator refuses each with the error that says so.
     */
    @Test
    void tuplesLongerThanInputDimensionCountEndTheProcessOnePerProcess() throws Exception {
        Map<String, ScatterNdOperatorDesc> shapes = new LinkedHashMap<>();
        shapes.put("ff_2d_q2_indc1", probe(s(1, 3), s(1, 2), s(1, 1), 1, 2));
        shapes.put("ff_3d_q3_indc2", probe(s(1, 3, 3), s(1, 1, 3), s(1, 1, 1), 2, 2));
        shapes.put("ff_4d_q3_indc2", probe(s(1, 1, 2, 2), s(1, 1, 2, 3), s(1, 1, 1, 2), 2, 2));
        shapes.put("ff_8d_q3_indc2", probe(s(1, 1, 1, 1, 1, 1, 2, 2), s(1, 1, 1, 1, 1, 1, 2, 3),
                s(1, 1, 1, 1, 1, 1, 1, 2), 2, 2));
        shapes.put("ff_2d_q2_indc1_rows", probe(s(1, 3), s(2, 2), s(1, 2), 1, 2));
        shapes.put("ff_3d_q2_indc1", probe(s(1, 1, 4), s(3, 2), s(1, 3), 1, 2));
        shapes.put("ff_4d_idxrank2_updrank1", probe(s(1, 1, 1, 5), s(1, 2), s(1), 1, 2));
        shapes.put("ff_3d_q3_idxrank2", probe(s(1, 3, 3), s(1, 3), s(1, 1, 1), 2, 2));
        shapes.put("ff_3d_idx112_idc2", probe(s(1, 1, 3), s(1, 1, 2), s(1, 1, 1), 1, 2));
        for (Map.Entry<String, ScatterNdOperatorDesc> shape : shapes.entrySet()) {
            assertTrue(ScatterNdAgreementCases.endsTheProcess(shape.getValue()), shape.getKey());
            ValidationResult ours = validator.validate(shape.getValue(), FeatureLevel.LEVEL_6_4);
            assertFalse(ours.isValid(), shape.getKey());
            assertTrue(namesTheFailFast(ours), () -> shape.getKey() + ": " + ours);
        }
        RealDirectMl real = RealDirectMl.locateOrSkip("SCATTER_ND descs that end the process, one per process");
        Map<String, String> observed = new LinkedHashMap<>();
        for (Map.Entry<String, ScatterNdOperatorDesc> shape : shapes.entrySet()) {
            RealDirectMl.Alone alone = real.validateAlone(HarnessCase.validateOnly(shape.getKey(), shape.getValue()));
            String what = alone.result().isPresent() ? "create=" + alone.result().get().createText()
                    : "ended the process, exit code " + alone.exitCode();
            System.out.printf("  %-26s alone: %s%n", shape.getKey(), what);
            observed.put(shape.getKey(), what);
        }
        Map<String, String> expected = new LinkedHashMap<>();
        shapes.keySet().forEach(name -> expected.put(name, "ended the process, exit code " + FAIL_FAST_EXIT_CODE));
        assertEquals(expected, observed, "DirectML no longer does what docs/directml-behaviour.md §13.4 records");
    }

    private static boolean namesTheFailFast(ValidationResult result) {
        List<Diagnostic> errors = result.errors();
        return errors.stream().anyMatch(d -> d.rule() == RuleId.CREATE_OPERATOR_FAIL_FAST
                && d.message().contains("terminates the process (fail-fast) in CreateOperator"));
    }

    private static ScatterNdOperatorDesc probe(long[] input, long[] indices, long[] updates, long inputCount,
            long indicesCount) {
        return ScatterNdAgreementCases.probeDesc(input, indices, updates, null, inputCount, indicesCount);
    }

    private static long[] s(long... sizes) {
        return sizes;
    }
}
