package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;

import dev.dmlemu.desc.AveragePoolingOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.LpPooling1OperatorDesc;
import dev.dmlemu.desc.LpPoolingOperatorDesc;
import dev.dmlemu.desc.MaxPooling1OperatorDesc;
import dev.dmlemu.desc.MaxPooling2OperatorDesc;
import dev.dmlemu.desc.MaxPoolingOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The poolings' shape rules (docs/directml-behaviour.md §14.2). Every verdict is DirectML.dll 1.15.4's CreateOperator
 * on the same desc (S_OK or E_INVALIDARG, as each comment says); the diagnostics are worked out by hand.
 */
class PoolingShapeRulesTest {

    private static final List<Long> TWOS = List.of(2L, 2L);
    private static final List<Long> ZEROS = List.of(0L, 0L);

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    /** A 2x2 average with strides 2 and no padding over [1, 2, 4, 4]. */
    private static AveragePoolingOperatorDesc average(BufferTensorDesc output) {
        return new AveragePoolingOperatorDesc(f32(1, 2, 4, 4), output, 2, TWOS, TWOS, ZEROS, ZEROS, false);
    }

    private void assertOnly(OperatorDesc desc, Object... expected) {
        OnlyDiagnostics.assertOnly(validator, desc, LEVEL_6_4, expected);
    }

    @Test
    void dimensionCountIsTheSpatialDimensionCount() {
        // S_OK: DimensionCount 2 for a 4-D input.
        assertOnly(average(f32(1, 2, 2, 2)));
        // E_INVALIDARG: 1 and 3.
        assertOnly(new AveragePoolingOperatorDesc(f32(1, 2, 4, 4), f32(1, 2, 2, 2), 1, List.of(2L), List.of(2L),
                List.of(0L), List.of(0L), false), RuleId.SPATIAL_DIMENSION_COUNT_MISMATCH, "DimensionCount");
        assertOnly(new AveragePoolingOperatorDesc(f32(1, 2, 4, 4), f32(1, 2, 2, 2), 3, List.of(2L, 2L, 1L),
                List.of(2L, 2L, 1L), List.of(0L, 0L, 0L), List.of(0L, 0L, 0L), false),
                RuleId.SPATIAL_DIMENSION_COUNT_MISMATCH, "DimensionCount");
        // LP_POOLING1 over [2, 1, 5, 5, 5], windows 2 dilated by 2: S_OK with DimensionCount 3, E_INVALIDARG with 2.
        assertOnly(new LpPooling1OperatorDesc(f32(2, 1, 5, 5, 5), f32(2, 1, 3, 3, 3), 3, List.of(1L, 1L, 1L),
                List.of(2L, 2L, 2L), List.of(0L, 0L, 0L), List.of(0L, 0L, 0L), List.of(2L, 2L, 2L), 2));
        assertOnly(new LpPooling1OperatorDesc(f32(2, 1, 5, 5, 5), f32(2, 1, 3, 3, 3), 2, List.of(1L, 1L), TWOS,
                ZEROS, ZEROS, TWOS, 2), RuleId.SPATIAL_DIMENSION_COUNT_MISMATCH, "DimensionCount");
    }

    @Test
    void theOutputKeepsTheBatchAndChannels() {
        // E_INVALIDARG: 3 channels out of 2, batch 2 out of 1; MAX_POOLING 1 channel out of 2.
        assertOnly(average(f32(1, 3, 2, 2)), RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes");
        assertOnly(average(f32(2, 2, 2, 2)), RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes");
        assertOnly(new MaxPoolingOperatorDesc(f32(1, 2, 4, 4), f32(1, 1, 2, 2), 2, TWOS, TWOS, ZEROS, ZEROS),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes");
    }

    @Test
    void theWindowFormulaStridesWindowsPaddingsAndPAreNotChecked() {
        // S_OK, all of them: output [5, 1] where the formula gives [2, 2]; a stride of 0, a window of 0 and a
        // StartPadding of 9; LP_POOLING with P 0.
        assertOnly(average(f32(1, 2, 5, 1)));
        assertOnly(new AveragePoolingOperatorDesc(f32(1, 2, 4, 4), f32(1, 2, 2, 2), 2, List.of(0L, 2L),
                List.of(2L, 0L), List.of(9L, 0L), ZEROS, false));
        assertOnly(new LpPoolingOperatorDesc(f32(1, 2, 4, 4), f32(1, 2, 2, 2), 2, TWOS, TWOS, ZEROS, ZEROS, 0));
    }

    @Test
    void theIndicesHaveTheOutputsSizes() {
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 2, 2, 2);
        BufferTensorDesc wider = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 2, 2, 3);
        // S_OK: indices [1, 2, 2, 2]; E_INVALIDARG: [1, 2, 2, 3], in MAX_POOLING2 and MAX_POOLING1.
        assertOnly(new MaxPooling2OperatorDesc(f32(1, 2, 4, 4), f32(1, 2, 2, 2), indices, 2, TWOS, TWOS, ZEROS,
                ZEROS, List.of(1L, 1L)));
        assertOnly(new MaxPooling2OperatorDesc(f32(1, 2, 4, 4), f32(1, 2, 2, 2), wider, 2, TWOS, TWOS, ZEROS, ZEROS,
                List.of(1L, 1L)), RuleId.SIZES_MISMATCH, "OutputIndicesTensor.Sizes");
        assertOnly(new MaxPooling1OperatorDesc(f32(1, 2, 4, 4), f32(1, 2, 2, 2), wider, 2, TWOS, TWOS, ZEROS, ZEROS),
                RuleId.SIZES_MISMATCH, "OutputIndicesTensor.Sizes");
    }
}
