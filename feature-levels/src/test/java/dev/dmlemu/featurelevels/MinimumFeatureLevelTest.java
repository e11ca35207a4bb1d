package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.FLOAT64;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The lowest accepting level, from the docs' support tables. */
class MinimumFeatureLevelTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static GatherElementsOperatorDesc docs4d(TensorDataType dataType, TensorDataType indexType) {
        return new GatherElementsOperatorDesc(BufferTensorDesc.packed(dataType, 1, 1, 3, 3),
                BufferTensorDesc.packed(indexType, 1, 1, 2, 3), BufferTensorDesc.packed(dataType, 1, 1, 2, 3), 2);
    }

    @Test
    void docsExampleIn4dNeeds2_1() {
        assertEquals(new MinimumFeatureLevel(Optional.of(FeatureLevel.LEVEL_2_1), List.of()),
                validator.minimumFeatureLevel(docs4d(FLOAT32, UINT32)));
    }

    @Test
    void docsExampleIn2dNeeds3_0() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(BufferTensorDesc.packed(FLOAT32, 3, 3),
                BufferTensorDesc.packed(UINT32, 2, 3), BufferTensorDesc.packed(FLOAT32, 2, 3), 0);
        assertEquals(Optional.of(FeatureLevel.LEVEL_3_0), validator.minimumFeatureLevel(desc).level());
    }

    @Test
    void int32IndicesNeed3_0() {
        assertEquals(Optional.of(FeatureLevel.LEVEL_3_0), validator.minimumFeatureLevel(docs4d(FLOAT32, INT32))
                .level());
    }

    @Test
    void float64DataNeeds4_1() {
        assertEquals(Optional.of(FeatureLevel.LEVEL_4_1), validator.minimumFeatureLevel(docs4d(FLOAT64, UINT32))
                .level());
    }

    @Test
    void invalidAxisIsAcceptedNowhereWithReasons() {
        GatherElementsOperatorDesc bad = new GatherElementsOperatorDesc(BufferTensorDesc.packed(FLOAT32, 1, 1, 3, 3),
                BufferTensorDesc.packed(UINT32, 1, 1, 2, 3), BufferTensorDesc.packed(FLOAT32, 1, 1, 2, 3), 4);
        MinimumFeatureLevel minimum = validator.minimumFeatureLevel(bad);
        assertFalse(minimum.isAccepted());
        assertEquals(1, minimum.reasons().size(), minimum::toString);
        Diagnostic reason = minimum.reasons().get(0);
        assertEquals(RuleId.AXIS_OUT_OF_RANGE, reason.rule());
        assertEquals("Axis", reason.path());
        assertEquals(FeatureLevel.newest(), reason.featureLevel());
        ValidationException e = assertThrows(ValidationException.class,
                () -> minimum.orElseThrow(OperatorType.GATHER_ELEMENTS));
        assertEquals(minimum.reasons(), e.diagnostics());
        assertTrue(e.getMessage().contains("Axis: 4 is out of range [0, 4)"), e.getMessage());
    }

    @Test
    void acceptedAtTheMinimumAndEveryLaterLevelOnly() {
        GatherElementsOperatorDesc desc = docs4d(FLOAT64, INT32);
        FeatureLevel minimum = validator.minimumFeatureLevel(desc).orElseThrow(OperatorType.GATHER_ELEMENTS);
        assertEquals(FeatureLevel.LEVEL_4_1, minimum);
        for (FeatureLevel level : FeatureLevel.values()) {
            assertEquals(level.isAtLeast(minimum), validator.validate(desc, level).isValid(), level::cName);
        }
    }
}
