package dev.dmlemu.conformance.realdml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseAddOperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.QuantizedLinearMatrixMultiplyOperatorDesc;
import dev.dmlemu.desc.SplitOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.desc.TopKOperatorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.nativebridge.CreateVerdict;
import dev.dmlemu.nativebridge.DirectMlBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The general stride rules (docs/directml-behaviour.md §5.2, §5.3) on named cases across operators, with the verdict
 * DirectML.dll 1.15.4's {@code CreateOperator} gave at 6_4: the validator must give it (always run), and the real DLL
 * must still give it (skipped without the setup). The stride probes of {@link ValidatorProbeCampaignTest} draw such
 * cases at random for every operator; these are the ones the docs cite.
 */
class StrideRulesOnRealDirectMlTest {

    private static final TensorDataType F32 = TensorDataType.FLOAT32;
    private static final TensorDataType U8 = TensorDataType.UINT8;

    /** A case: the desc, and the rule the measured refusal is (empty: accepted, with this warning when present). */
    private record StrideCase(String name, OperatorDesc desc, Optional<RuleId> refusedBy, Optional<RuleId> warning) {

        static StrideCase accepted(String name, OperatorDesc desc) {
            return new StrideCase(name, desc, Optional.empty(), Optional.empty());
        }

        static StrideCase acceptedWithWarning(String name, OperatorDesc desc, RuleId warning) {
            return new StrideCase(name, desc, Optional.empty(), Optional.of(warning));
        }

        static StrideCase refused(String name, OperatorDesc desc, RuleId rule) {
            return new StrideCase(name, desc, Optional.of(rule), Optional.empty());
        }
    }

    private static BufferTensorDesc packed(TensorDataType type, long... sizes) {
        return BufferTensorDesc.packed(type, sizes);
    }

    /** Explicit strides, TotalTensorSizeInBytes given by hand (DMLCalcBufferTensorSize worked out in the comment). */
    private static BufferTensorDesc strided(TensorDataType type, List<Long> sizes, List<Long> strides, long total) {
        return new BufferTensorDesc(type, TensorFlags.NONE, sizes.size(), sizes, Optional.of(strides), total, 0);
    }

    private static ElementWiseAddOperatorDesc add(TensorDesc a, TensorDesc b, TensorDesc output) {
        return new ElementWiseAddOperatorDesc(a, b, output);
    }

    private static List<StrideCase> cases() {
        List<StrideCase> cases = new ArrayList<>();
        List<Long> twoByThree = List.of(2L, 3L);
        BufferTensorDesc a = packed(F32, 2, 3);
        // Inputs: {2,3} FLOAT32. {0,1}: IndexOfLastElement 2, 3 elements, 12 bytes; {1,2}: 1 + 4 = 5, 24 bytes.
        cases.add(StrideCase.accepted("add_input_broadcast_0_1",
                add(strided(F32, twoByThree, List.of(0L, 1L), 12), a, a)));
        cases.add(StrideCase.accepted("add_input_all_0",
                add(strided(F32, twoByThree, List.of(0L, 0L), 4), a, a)));
        cases.add(StrideCase.accepted("add_input_transposed_1_2",
                add(strided(F32, twoByThree, List.of(1L, 2L), 24), a, a)));
        // {1,1}: the rows overlap; IndexOfLastElement 1 + 2 = 3, 16 bytes.
        cases.add(StrideCase.accepted("add_input_overlapping_1_1",
                add(a, strided(F32, twoByThree, List.of(1L, 1L), 16), a)));
        // {4,1}: IndexOfLastElement 4 + 2 = 6, 7 elements, 28 bytes. 24 (one element short, and enough when packed)
        // is refused.
        cases.add(StrideCase.accepted("add_input_padded_4_1",
                add(strided(F32, twoByThree, List.of(4L, 1L), 28), a, a)));
        cases.add(StrideCase.refused("add_input_padded_total_one_element_short",
                add(strided(F32, twoByThree, List.of(4L, 1L), 24), a, a), RuleId.TOTAL_SIZE_TOO_SMALL));
        // UINT8 {4,1}: 7 elements, 7 bytes, rounded up to 8. 7 holds every element and is refused. (The referee's
        // device has no FLOAT16.)
        BufferTensorDesc u = packed(U8, 2, 3);
        cases.add(StrideCase.accepted("add_u8_input_padded_total_rounded",
                add(strided(U8, twoByThree, List.of(4L, 1L), 8), u, u)));
        cases.add(StrideCase.refused("add_u8_input_padded_total_unrounded",
                add(strided(U8, twoByThree, List.of(4L, 1L), 7), u, u), RuleId.TOTAL_SIZE_TOO_SMALL));
        // Outputs.
        cases.add(StrideCase.accepted("add_output_padded_4_1",
                add(a, a, strided(F32, twoByThree, List.of(4L, 1L), 28))));
        cases.add(StrideCase.accepted("add_output_transposed_1_2",
                add(a, a, strided(F32, twoByThree, List.of(1L, 2L), 24))));
        cases.add(StrideCase.refused("add_output_broadcast_0_1",
                add(a, a, strided(F32, twoByThree, List.of(0L, 1L), 12)), RuleId.OUTPUT_ALIASING));
        cases.add(StrideCase.accepted("add_output_0_on_a_size_1",
                add(packed(F32, 1, 3), packed(F32, 1, 3), strided(F32, List.of(1L, 3L), List.of(0L, 1L), 12))));
        cases.add(StrideCase.refused("add_output_equal_1_1",
                add(a, a, strided(F32, twoByThree, List.of(1L, 1L), 16)), RuleId.OUTPUT_ALIASING));
        // {2,1}: IndexOfLastElement 2 + 2 = 4, so 5 offsets for 6 elements.
        cases.add(StrideCase.refused("add_output_too_few_offsets_2_1",
                add(a, a, strided(F32, twoByThree, List.of(2L, 1L), 20)), RuleId.OUTPUT_ALIASING));
        // {4,2}: distinct, nonzero, IndexOfLastElement 4 + 4 = 8 (9 offsets), yet (1,0) and (0,2) share offset 4.
        cases.add(StrideCase.acceptedWithWarning("add_output_overlapping_4_2",
                add(a, a, strided(F32, twoByThree, List.of(4L, 2L), 36)), RuleId.OUTPUT_OVERLAP));

        // Other operators: a second output, an array's member, a matrix operand.
        BufferTensorDesc topKInput = packed(F32, 1, 1, 2, 3);
        cases.add(StrideCase.accepted("top_k_index_output_transposed",
                new TopKOperatorDesc(topKInput, packed(F32, 1, 1, 2, 2), strided(TensorDataType.UINT32,
                        List.of(1L, 1L, 2L, 2L), List.of(4L, 4L, 1L, 2L), 16), 3, 2)));
        // {4,4,2,2}: the two dimensions of size 2 share stride 2; IndexOfLastElement 2 + 2 = 4, 20 bytes.
        cases.add(StrideCase.refused("top_k_index_output_equal_strides",
                new TopKOperatorDesc(topKInput, packed(F32, 1, 1, 2, 2), strided(TensorDataType.UINT32,
                        List.of(1L, 1L, 2L, 2L), List.of(4L, 4L, 2L, 2L), 20), 3, 2), RuleId.OUTPUT_ALIASING));
        BufferTensorDesc splitInput = packed(F32, 1, 1, 2, 4);
        // OutputTensors[1] {1,1,2,3} with a 0 stride on the 3: IndexOfLastElement 3, 16 bytes.
        cases.add(StrideCase.refused("split_second_output_broadcast",
                new SplitOperatorDesc(splitInput, 2, List.of(packed(F32, 1, 1, 2, 1), strided(F32,
                        List.of(1L, 1L, 2L, 3L), List.of(6L, 6L, 3L, 0L), 16)), 3), RuleId.OUTPUT_ALIASING));
        cases.add(StrideCase.accepted("split_second_output_padded",
                new SplitOperatorDesc(splitInput, 2, List.of(packed(F32, 1, 1, 2, 1), strided(F32,
                        List.of(1L, 1L, 2L, 3L), List.of(8L, 8L, 4L, 1L), 28)), 3)));
        // InputTensors[0] {1,1,2,1} all 0: one element, 4 bytes.
        cases.add(StrideCase.accepted("join_first_input_broadcast",
                new JoinOperatorDesc(2, List.of(strided(F32, List.of(1L, 1L, 2L, 1L), List.of(0L, 0L, 0L, 0L), 4),
                        packed(F32, 1, 1, 2, 3)), packed(F32, 1, 1, 2, 4), 3)));
        // B {1,1,3,2} stored transposed ({6,6,1,3}): IndexOfLastElement 2 + 3 = 5, 24 bytes.
        cases.add(StrideCase.accepted("gemm_b_transposed_strides",
                new GemmOperatorDesc(packed(F32, 1, 1, 2, 3), strided(F32, List.of(1L, 1L, 3L, 2L),
                        List.of(6L, 6L, 1L, 3L), 24), TensorDesc.NULL, packed(F32, 1, 1, 2, 2),
                        MatrixTransform.NONE, MatrixTransform.NONE, 1f, 0f, Optional.empty())));
        // B {1,1,3,2} broadcast along its rows ({2,2,0,1}): IndexOfLastElement 1, 8 bytes.
        cases.add(StrideCase.accepted("gemm_b_broadcast_rows",
                new GemmOperatorDesc(packed(F32, 1, 1, 2, 3), strided(F32, List.of(1L, 1L, 3L, 2L),
                        List.of(2L, 2L, 0L, 1L), 8), TensorDesc.NULL, packed(F32, 1, 1, 2, 2),
                        MatrixTransform.NONE, MatrixTransform.NONE, 1f, 0f, Optional.empty())));
        cases.add(StrideCase.refused("gemm_output_equal_strides",
                new GemmOperatorDesc(packed(F32, 1, 1, 2, 3), packed(F32, 1, 1, 3, 2), TensorDesc.NULL,
                        strided(F32, List.of(1L, 1L, 2L, 2L), List.of(4L, 4L, 1L, 1L), 12),
                        MatrixTransform.NONE, MatrixTransform.NONE, 1f, 0f, Optional.empty()),
                RuleId.OUTPUT_ALIASING));
        // QUANTIZED_LINEAR_MATRIX_MULTIPLY's OutputScaleTensor and OutputZeroPointTensor are read, as its docs table
        // says (the output's quantization parameters): a 0 stride on their size 3 is accepted, as on any input.
        // {1,3,1} with {3,0,1}: IndexOfLastElement 0, one element, 4 bytes.
        List<Long> perRow = List.of(1L, 3L, 1L);
        List<Long> broadcastRows = List.of(3L, 0L, 1L);
        cases.add(StrideCase.accepted("qlmm_output_scale_broadcast", quantizedMatrixMultiply(
                strided(F32, perRow, broadcastRows, 4), packed(U8, 1, 3, 1))));
        cases.add(StrideCase.accepted("qlmm_output_zero_point_broadcast", quantizedMatrixMultiply(
                packed(F32, 1, 3, 1), strided(U8, perRow, broadcastRows, 4))));
        return cases;
    }

    /** A UINT8 {3,1} by INT8 {1,1,1,3} product with per-row output scale and zero point, as the campaign drew it. */
    private static QuantizedLinearMatrixMultiplyOperatorDesc quantizedMatrixMultiply(TensorDesc outputScale,
            TensorDesc outputZeroPoint) {
        return new QuantizedLinearMatrixMultiplyOperatorDesc(packed(U8, 3, 1), packed(F32, 1), TensorDesc.NULL,
                packed(TensorDataType.INT8, 1, 1, 1, 3), packed(F32, 1, 1, 3), packed(TensorDataType.INT8, 1, 1, 3),
                outputScale, outputZeroPoint, packed(U8, 1, 1, 3, 3));
    }

    @Test
    void theValidatorGivesTheVerdictsDirectMlGave() {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        for (StrideCase c : cases()) {
            ValidationResult result = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
            List<RuleId> errors = result.errors().stream().map(Diagnostic::rule).distinct().toList();
            List<RuleId> warnings = result.warnings().stream().map(Diagnostic::rule).distinct().toList();
            assertEquals(c.refusedBy().map(List::of).orElse(List.of()), errors, c.name() + ": " + result);
            c.warning().ifPresent(rule -> assertTrue(warnings.contains(rule), c.name() + ": " + result));
        }
    }

    @Test
    void directMlStillGivesThem() throws Exception {
        try (DirectMlBackend backend = RealDirectMl.openBackendOrSkip("stride rules")) {
            List<String> changed = new ArrayList<>();
            for (StrideCase c : cases()) {
                CreateVerdict verdict = backend.createOperator(c.desc());
                boolean accepted = verdict.outcome() == CreateVerdict.Outcome.ACCEPTED;
                if (accepted != c.refusedBy().isEmpty()) {
                    changed.add(c.name() + ": " + verdict.describe());
                }
            }
            assertTrue(changed.isEmpty(), "DirectML no longer gives the recorded verdict: " + changed);
        }
    }
}
