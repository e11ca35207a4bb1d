package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_2_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_2_1;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_3_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static dev.dmlemu.desc.TensorDataType.UINT8;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.InvalidTensorDesc;
import dev.dmlemu.desc.TensorFlags;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One test per structural rule: each breaks exactly one rule of a valid desc and checks the rule id, the path, the
 * level and the severity. Expected values come from the DirectML docs and from measurements on the real DLL
 * (docs/directml-behaviour.md), never from the validator.
 */
class StructuralRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    // The docs example in 4-D: Input {1,1,3,3} FLOAT32, Indices {1,1,2,3} UINT32, Output {1,1,2,3}, Axis 2.
    private static final BufferTensorDesc INPUT = BufferTensorDesc.packed(FLOAT32, 1, 1, 3, 3);
    private static final BufferTensorDesc INDICES = BufferTensorDesc.packed(UINT32, 1, 1, 2, 3);
    private static final BufferTensorDesc OUTPUT = BufferTensorDesc.packed(FLOAT32, 1, 1, 2, 3);

    private static GatherElementsOperatorDesc desc(BufferTensorDesc input, BufferTensorDesc indices,
            BufferTensorDesc output, long axis) {
        return new GatherElementsOperatorDesc(input, indices, output, axis);
    }

    private static GatherElementsOperatorDesc docs() {
        return desc(INPUT, INDICES, OUTPUT, 2);
    }

    /** Asserts that the only diagnostics are {@code expected} (rule and path pairs), at {@code level}. */
    private void assertOnly(GatherElementsOperatorDesc desc, FeatureLevel level, Object... expected) {
        OnlyDiagnostics.assertOnly(validator, desc, level, expected);
    }

    private static List<Long> list(long... values) {
        return java.util.Arrays.stream(values).boxed().toList();
    }

    @Test
    void docsExampleIsValidFrom2_1() {
        for (FeatureLevel level : FeatureLevel.range(LEVEL_2_1, FeatureLevel.newest())) {
            assertOnly(docs(), level);
        }
    }

    @Test
    void operatorUnavailableBefore2_1() {
        assertOnly(docs(), LEVEL_2_0, RuleId.OPERATOR_UNAVAILABLE, "Type");
        Diagnostic diagnostic = validator.validate(docs(), FeatureLevel.LEVEL_1_0).diagnostics().get(0);
        assertEquals(Optional.of(LEVEL_2_1), diagnostic.acceptedFrom());
        assertEquals("Type: DML_OPERATOR_GATHER_ELEMENTS is not available at DML_FEATURE_LEVEL_1_0; it needs "
                + "DML_FEATURE_LEVEL_2_1", diagnostic.message());
    }

    @Test
    void tensorTypeMustBeBuffer() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(INPUT, new InvalidTensorDesc(), OUTPUT, 2);
        assertOnly(desc, LEVEL_6_4, RuleId.TENSOR_TYPE_UNSUPPORTED, "IndicesTensor.Type");
    }

    @Test
    void dimensionCountUnsupportedAt2_1() {
        // 2-D docs example: Input {3,3}, Indices {2,3}, Axis 0.
        GatherElementsOperatorDesc desc = desc(BufferTensorDesc.packed(FLOAT32, 3, 3),
                BufferTensorDesc.packed(UINT32, 2, 3), BufferTensorDesc.packed(FLOAT32, 2, 3), 0);
        assertOnly(desc, LEVEL_2_1, RuleId.DIMENSION_COUNT_UNSUPPORTED, "InputTensor.DimensionCount",
                RuleId.DIMENSION_COUNT_UNSUPPORTED, "IndicesTensor.DimensionCount",
                RuleId.DIMENSION_COUNT_UNSUPPORTED, "OutputTensor.DimensionCount");
        assertEquals("InputTensor.DimensionCount: 2 is not supported at DML_FEATURE_LEVEL_2_1 (allowed: 4); "
                + "2 needs DML_FEATURE_LEVEL_3_0", validator.validate(desc, LEVEL_2_1).diagnostics().get(0).message());
    }

    @Test
    void dimensionCountsMustMatch() {
        GatherElementsOperatorDesc desc = desc(INPUT, BufferTensorDesc.packed(UINT32, 1, 2, 3),
                BufferTensorDesc.packed(FLOAT32, 1, 2, 3), 1);
        assertOnly(desc, LEVEL_6_4, RuleId.DIMENSION_COUNT_MISMATCH, "IndicesTensor.DimensionCount",
                RuleId.DIMENSION_COUNT_MISMATCH, "OutputTensor.DimensionCount");
    }

    @Test
    void sizesMustHaveDimensionCountEntries() {
        GatherElementsOperatorDesc desc = desc(INPUT.withDimensionCount(5), INDICES, OUTPUT, 2);
        assertOnly(desc, LEVEL_6_4, RuleId.SIZES_LENGTH_MISMATCH, "InputTensor.Sizes",
                RuleId.DIMENSION_COUNT_MISMATCH, "IndicesTensor.DimensionCount",
                RuleId.DIMENSION_COUNT_MISMATCH, "OutputTensor.DimensionCount");
    }

    @Test
    void stridesMustHaveDimensionCountEntries() {
        GatherElementsOperatorDesc desc = desc(INPUT.withStrides(Optional.of(list(3, 1))), INDICES, OUTPUT, 2);
        assertOnly(desc, LEVEL_6_4, RuleId.STRIDES_LENGTH_MISMATCH, "InputTensor.Strides");
    }

    @Test
    void floatIndicesAreUnsupportedAtEveryLevel() {
        GatherElementsOperatorDesc desc = desc(INPUT, INDICES.withDataType(FLOAT32), OUTPUT, 2);
        assertOnly(desc, LEVEL_6_4, RuleId.DATA_TYPE_UNSUPPORTED, "IndicesTensor.DataType");
        Diagnostic diagnostic = validator.validate(desc, LEVEL_6_4).diagnostics().get(0);
        assertEquals(Optional.empty(), diagnostic.acceptedFrom());
        assertEquals("IndicesTensor.DataType: FLOAT32 is not supported at DML_FEATURE_LEVEL_6_4 (allowed: INT64, "
                + "INT32, UINT64, UINT32); no feature level supports FLOAT32", diagnostic.message());
    }

    @Test
    void outputDataTypeMustMatchInput() {
        GatherElementsOperatorDesc desc = desc(INPUT, INDICES, OUTPUT.withDataType(INT32), 2);
        assertOnly(desc, LEVEL_6_4, RuleId.DATA_TYPE_MISMATCH, "OutputTensor.DataType");
    }

    @Test
    void indicesSmallerThanInputInANonAxisDimension() {
        // Measured: the real DLL rejects {1,1,2,3} indices for {1,1,3,3} input along Axis 3.
        assertOnly(desc(INPUT, INDICES, OUTPUT, 3), LEVEL_6_4, RuleId.SIZES_MISMATCH, "IndicesTensor.Sizes[2]");
    }

    @Test
    void indicesLargerThanInputInANonAxisDimension() {
        GatherElementsOperatorDesc desc = desc(INPUT, BufferTensorDesc.packed(UINT32, 1, 2, 2, 3),
                BufferTensorDesc.packed(FLOAT32, 1, 2, 2, 3), 2);
        assertOnly(desc, LEVEL_6_4, RuleId.SIZES_MISMATCH, "IndicesTensor.Sizes[1]");
    }

    @Test
    void indicesMayBeLargerAlongAxis() {
        GatherElementsOperatorDesc desc = desc(INPUT, BufferTensorDesc.packed(UINT32, 1, 1, 7, 3),
                BufferTensorDesc.packed(FLOAT32, 1, 1, 7, 3), 2);
        assertOnly(desc, LEVEL_6_4);
    }

    @Test
    void outputSizesMustEqualIndicesSizes() {
        GatherElementsOperatorDesc desc = desc(INPUT, INDICES, BufferTensorDesc.packed(FLOAT32, 1, 1, 2, 2), 2);
        assertOnly(desc, LEVEL_6_4, RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[3]");
        assertEquals("OutputTensor.Sizes[3]: expected 3 (IndicesTensor.Sizes[3]) but got 2",
                validator.validate(desc, LEVEL_6_4).diagnostics().get(0).message());
    }

    @Test
    void axisMustBeBelowDimensionCount() {
        assertOnly(desc(INPUT, INDICES, OUTPUT, 4), LEVEL_6_4, RuleId.AXIS_OUT_OF_RANGE, "Axis");
    }

    @Test
    void zeroSizeIsRejected() {
        GatherElementsOperatorDesc desc = desc(INPUT, INDICES.withSizes(list(1, 0, 2, 3)),
                OUTPUT.withSizes(list(1, 0, 2, 3)), 2);
        assertOnly(desc, LEVEL_6_4, RuleId.ZERO_SIZE, "IndicesTensor.Sizes[1]", RuleId.ZERO_SIZE,
                "OutputTensor.Sizes[1]", RuleId.SIZES_MISMATCH, "IndicesTensor.Sizes[1]");
    }

    @Test
    void elementCountAbove2To32Minus1() {
        // Measured: {65536, 65536} UINT8 with Strides {0, 1} (a 64 KiB buffer) is rejected.
        BufferTensorDesc input = BufferTensorDesc.strided(UINT8, list(65536, 65536), list(0, 1));
        GatherElementsOperatorDesc desc = desc(input, BufferTensorDesc.packed(UINT32, 65536, 1),
                BufferTensorDesc.packed(UINT8, 65536, 1), 1);
        assertOnly(desc, LEVEL_6_4, RuleId.ELEMENT_COUNT_TOO_LARGE, "InputTensor.Sizes");
        BufferTensorDesc atLimit = BufferTensorDesc.strided(UINT8, list(65535, 65537), list(0, 1));
        assertOnly(desc(atLimit, BufferTensorDesc.packed(UINT32, 65535, 1), BufferTensorDesc.packed(UINT8, 65535, 1),
                1), LEVEL_6_4);
    }

    @Test
    void totalTensorSizeTooSmall() {
        // 9 FLOAT32 elements need 36 bytes; measured: 32 is rejected.
        assertOnly(desc(INPUT.withTotalTensorSizeInBytes(32), INDICES, OUTPUT, 2), LEVEL_6_4,
                RuleId.TOTAL_SIZE_TOO_SMALL, "InputTensor.TotalTensorSizeInBytes");
        assertOnly(desc(INPUT.withTotalTensorSizeInBytes(35), INDICES, OUTPUT, 2), LEVEL_6_4,
                RuleId.TOTAL_SIZE_TOO_SMALL, "InputTensor.TotalTensorSizeInBytes");
    }

    @Test
    void totalTensorSizeUnalignedIsOnlyAWarning() {
        // Measured: 37 bytes (>= 36, not a multiple of 4) is accepted by the real DLL.
        GatherElementsOperatorDesc desc = desc(INPUT.withTotalTensorSizeInBytes(37), INDICES, OUTPUT, 2);
        assertOnly(desc, LEVEL_6_4, RuleId.TOTAL_SIZE_UNALIGNED, "InputTensor.TotalTensorSizeInBytes");
        ValidationResult result = validator.validate(desc, LEVEL_6_4);
        assertTrue(result.isValid());
        assertEquals(Severity.WARNING, result.warnings().get(0).severity());
        assertEquals(List.of(), result.errors());
        assertDoesNotThrow(result::validated);
    }

    @Test
    void totalTensorSizeAddressingMoreThan2To32Minus1Elements() {
        // Measured: FLOAT32 accepts 4 * (2^32 - 1) = 17179869180 bytes and rejects 17179869181 (rounded up).
        assertOnly(desc(INPUT.withTotalTensorSizeInBytes(17179869180L), INDICES, OUTPUT, 2), LEVEL_6_4);
        assertOnly(desc(INPUT.withTotalTensorSizeInBytes(17179869184L), INDICES, OUTPUT, 2), LEVEL_6_4,
                RuleId.TOTAL_SIZE_TOO_LARGE, "InputTensor.TotalTensorSizeInBytes");
        assertOnly(desc(INPUT, INDICES, OUTPUT.withTotalTensorSizeInBytes(17179869181L), 2), LEVEL_6_4,
                RuleId.TOTAL_SIZE_TOO_LARGE, "OutputTensor.TotalTensorSizeInBytes",
                RuleId.TOTAL_SIZE_UNALIGNED, "OutputTensor.TotalTensorSizeInBytes");
    }

    @Test
    void guaranteedBaseOffsetAlignment() {
        for (long good : new long[] {0, 4, 16, 256, 1L << 31}) {
            assertOnly(desc(INPUT.withGuaranteedBaseOffsetAlignment(good), INDICES, OUTPUT, 2), LEVEL_6_4);
        }
        for (long bad : new long[] {1, 2, 3, 12, 24}) {
            assertOnly(desc(INPUT.withGuaranteedBaseOffsetAlignment(bad), INDICES, OUTPUT, 2), LEVEL_6_4,
                    RuleId.ALIGNMENT_INVALID, "InputTensor.GuaranteedBaseOffsetAlignment");
        }
        // One byte elements: 1 and 2 are powers of two at least the element size.
        BufferTensorDesc bytes = BufferTensorDesc.packed(UINT8, 1, 1, 3, 3).withGuaranteedBaseOffsetAlignment(1);
        assertOnly(desc(bytes, INDICES, BufferTensorDesc.packed(UINT8, 1, 1, 2, 3), 2), LEVEL_6_4);
    }

    @Test
    void ownedByDmlOnlyOnInputs() {
        assertOnly(desc(INPUT.withFlags(TensorFlags.OWNED_BY_DML), INDICES.withFlags(TensorFlags.OWNED_BY_DML),
                OUTPUT, 2), LEVEL_6_4);
        assertOnly(desc(INPUT, INDICES, OUTPUT.withFlags(TensorFlags.OWNED_BY_DML), 2), LEVEL_6_4,
                RuleId.FLAGS_INVALID, "OutputTensor.Flags");
    }

    @Test
    void uintFieldsOutOfRange() {
        long big = 1L << 32;
        assertOnly(desc(INPUT, INDICES, OUTPUT, -1), LEVEL_6_4, RuleId.UINT32_RANGE, "Axis");
        assertOnly(desc(INPUT, INDICES, OUTPUT, big), LEVEL_6_4, RuleId.UINT32_RANGE, "Axis");
        assertOnly(desc(INPUT.withStrides(Optional.of(list(9, 9, big, 1))).withTotalTensorSizeInBytes(4096),
                INDICES, OUTPUT, 2), LEVEL_6_4, RuleId.UINT32_RANGE, "InputTensor.Strides[2]");
        assertOnly(desc(INPUT.withGuaranteedBaseOffsetAlignment(-16), INDICES, OUTPUT, 2), LEVEL_6_4,
                RuleId.UINT32_RANGE, "InputTensor.GuaranteedBaseOffsetAlignment");
        ValidationResult sizes = validator.validate(desc(INPUT.withSizes(list(1, 1, 3, -3)), INDICES, OUTPUT, 2),
                LEVEL_6_4);
        assertEquals(List.of("UINT32_RANGE InputTensor.Sizes[3]"),
                sizes.diagnostics().stream().map(d -> d.rule() + " " + d.path()).toList());
        ValidationResult count = validator.validate(desc(INPUT.withDimensionCount(big), INDICES, OUTPUT, 2),
                LEVEL_6_4);
        assertTrue(count.diagnostics().stream().anyMatch(d -> d.rule() == RuleId.UINT32_RANGE
                && d.path().equals("InputTensor.DimensionCount")), count::toString);
    }

    @Test
    void totalIsReadAsUnsigned64Bits() {
        // -1 is the bit pattern of 2^64 - 1, as a model file's UINT64 field holds it: far past 2^32 - 1 elements.
        ValidationResult result = validator.validate(desc(INPUT.withTotalTensorSizeInBytes(-1), INDICES, OUTPUT, 2),
                LEVEL_6_4);
        assertEquals(List.of("TOTAL_SIZE_TOO_LARGE InputTensor.TotalTensorSizeInBytes"),
                result.errors().stream().map(d -> d.rule() + " " + d.path()).toList());
        assertTrue(result.errors().get(0).message().startsWith(
                "InputTensor.TotalTensorSizeInBytes: 18446744073709551615 bytes hold more than"), result::toString);
    }

    @Test
    void byteSizeOverflowIsADiagnosticNotAnException() {
        long max = 0xFFFF_FFFFL;
        // IndexOfLastElement = 4 * (2^32 - 2) * (2^32 - 1) overflows 64 bits once multiplied out.
        BufferTensorDesc huge = new BufferTensorDesc(FLOAT32, TensorFlags.NONE, 4, list(max, max, max, max),
                Optional.of(list(max, max, max, max)), 64, 0);
        ValidationResult result = assertDoesNotThrow(() -> validator.validate(desc(huge, INDICES, OUTPUT, 2),
                LEVEL_6_4));
        assertTrue(result.diagnostics().stream().anyMatch(d -> d.rule() == RuleId.SIZE_OVERFLOW
                && d.path().equals("InputTensor.TotalTensorSizeInBytes")), result::toString);
    }

    @Test
    void outputStridesMustNotAlias() {
        BufferTensorDesc out = OUTPUT.withTotalTensorSizeInBytes(4096);
        // Measured on the real DLL: a 0 stride on a dimension of size > 1 is rejected, on a size-1 dimension not.
        assertOnly(desc(INPUT, INDICES, out.withStrides(Optional.of(list(6, 6, 3, 0))), 2), LEVEL_6_4,
                RuleId.OUTPUT_ALIASING, "OutputTensor.Strides[3]");
        assertOnly(desc(INPUT, INDICES, out.withStrides(Optional.of(list(0, 0, 3, 1))), 2), LEVEL_6_4);
        // Equal strides on two dimensions of size > 1 ({2,2} with {2,2} is rejected although 5 >= 4 elements).
        assertOnly(desc(INPUT, INDICES, out.withStrides(Optional.of(list(6, 6, 5, 5))), 2), LEVEL_6_4,
                RuleId.OUTPUT_ALIASING, "OutputTensor.Strides[3]");
        // IndexOfLastElement + 1 = 1 * 2 + 2 * 1 + 1 = 5 < 6 elements ({2,3} with {2,1} is rejected).
        assertOnly(desc(INPUT, INDICES, out.withStrides(Optional.of(list(6, 6, 2, 1))), 2), LEVEL_6_4,
                RuleId.OUTPUT_ALIASING, "OutputTensor.Strides");
        // Transposed and padded outputs are fine.
        assertOnly(desc(INPUT, INDICES, out.withStrides(Optional.of(list(6, 6, 1, 2))), 2), LEVEL_6_4);
        assertOnly(desc(INPUT, INDICES, out.withStrides(Optional.of(list(6, 6, 3, 2))), 2), LEVEL_6_4);
        // {2,3} with {4,2} passes the real DLL's check, yet (1,0) and (0,2) are both offset 4: valid, with a warning.
        GatherElementsOperatorDesc overlapping = desc(INPUT, INDICES, out.withStrides(Optional.of(list(6, 6, 4, 2))),
                2);
        assertOnly(overlapping, LEVEL_6_4, RuleId.OUTPUT_OVERLAP, "OutputTensor.Strides");
        assertTrue(validator.validate(overlapping, LEVEL_6_4).isValid());
        // Inputs may alias freely (broadcast).
        assertOnly(desc(INPUT.withStrides(Optional.of(list(0, 0, 0, 1))), INDICES, OUTPUT, 2), LEVEL_6_4);
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        GatherElementsOperatorDesc desc = desc(INPUT.withTotalTensorSizeInBytes(8),
                BufferTensorDesc.packed(FLOAT32, 1, 2, 2, 3), BufferTensorDesc.packed(INT32, 1, 2, 2, 2), 9);
        assertOnly(desc, LEVEL_2_1,
                RuleId.TOTAL_SIZE_TOO_SMALL, "InputTensor.TotalTensorSizeInBytes",
                RuleId.DATA_TYPE_UNSUPPORTED, "IndicesTensor.DataType",
                RuleId.DATA_TYPE_MISMATCH, "OutputTensor.DataType",
                RuleId.AXIS_OUT_OF_RANGE, "Axis",
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[3]");
    }

    @Test
    void indexSemanticsFollowLevelAndIndexType() {
        assertEquals(IndexSemantics.SIGNED_WRAP,
                validator.validate(desc(INPUT, INDICES.withDataType(INT32), OUTPUT, 2), LEVEL_3_0).indexSemantics());
        assertEquals(IndexSemantics.SIGNED_WRAP, validator.validate(
                desc(INPUT, INDICES.withDataType(dev.dmlemu.desc.TensorDataType.INT64)
                        .withTotalTensorSizeInBytes(48), OUTPUT, 2), LEVEL_6_4).validated().indexSemantics());
        assertEquals(IndexSemantics.UNSIGNED, validator.validate(docs(), LEVEL_6_4).validated().indexSemantics());
        assertEquals(IndexSemantics.UNSIGNED, validator.validate(
                desc(INPUT, INDICES.withDataType(dev.dmlemu.desc.TensorDataType.UINT64)
                        .withTotalTensorSizeInBytes(48), OUTPUT, 2), LEVEL_6_4).validated().indexSemantics());
        // INT32 indices at 2_1 are invalid; the semantics reported are the level's (unsigned, UINT32 only).
        ValidationResult at21 = validator.validate(desc(INPUT, INDICES.withDataType(INT32), OUTPUT, 2), LEVEL_2_1);
        assertFalse(at21.isValid());
        assertEquals(IndexSemantics.UNSIGNED, at21.indexSemantics());
    }
}
