package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DepthSpaceOrder;
import dev.dmlemu.desc.DepthToSpace1OperatorDesc;
import dev.dmlemu.desc.DepthToSpaceOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.SpaceToDepth1OperatorDesc;
import dev.dmlemu.desc.SpaceToDepthOperatorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SPACE_TO_DEPTH(1) and DEPTH_TO_SPACE(1) (docs/directml-behaviour.md §14.3). Every verdict is the one DirectML.dll
 * 1.15.4's CreateOperator gave the same desc (S_OK or E_INVALIDARG, noted per desc); the diagnostics are worked out
 * by hand.
 */
class DepthSpaceRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc t(long... sizes) {
        return BufferTensorDesc.packed(FLOAT32, sizes);
    }

    private ValidationResult assertOnly(OperatorDesc desc, Object... expected) {
        ValidationResult result = validator.validate(desc, LEVEL_6_4);
        List<String> actual = result.diagnostics().stream().map(d -> d.rule() + " " + d.path()).toList();
        List<String> wanted = new ArrayList<>();
        for (int i = 0; i < expected.length; i += 2) {
            wanted.add(expected[i] + " " + expected[i + 1]);
        }
        assertEquals(wanted, actual, result::toString);
        result.diagnostics().forEach(d -> assertTrue(d.message().startsWith(d.path() + ": "), d.message()));
        return result;
    }

    @Test
    void spaceToDepthMovesBlocksOfHeightAndWidthIntoChannels() {
        assertOnly(new SpaceToDepthOperatorDesc(t(1, 2, 4, 6), t(1, 8, 2, 3), 2)); // S_OK
        assertOnly(new SpaceToDepth1OperatorDesc(t(1, 2, 4, 6), t(1, 8, 2, 3), 2,
                DepthSpaceOrder.COLUMN_ROW_DEPTH)); // S_OK: Order changes no shape
        assertOnly(new SpaceToDepthOperatorDesc(t(1, 2, 3, 3), t(1, 2, 3, 3), 1)); // S_OK: blocks of one
        assertOnly(new SpaceToDepthOperatorDesc(t(1, 2, 4, 6), t(1, 32, 1, 1), 4), // E_INVALIDARG: 6 % 4
                RuleId.BLOCK_SIZE_NOT_DIVISOR, "BlockSize");
        assertOnly(new SpaceToDepthOperatorDesc(t(1, 2, 4, 6), t(1, 2, 4, 6), 0), // E_INVALIDARG
                RuleId.BLOCK_SIZE_NOT_DIVISOR, "BlockSize");
        ValidationResult wrong = assertOnly(new SpaceToDepthOperatorDesc(t(1, 2, 4, 6), t(1, 8, 3, 2), 2),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes"); // E_INVALIDARG
        assertEquals("OutputTensor.Sizes: expected [1, 8, 2, 3] ([N, C*b*b, H/b, W/b] with b = BlockSize = 2) but got "
                + "[1, 8, 3, 2]", wrong.errors().get(0).message());
    }

    @Test
    void depthToSpaceSplitsChannelsIntoBlocks() {
        assertOnly(new DepthToSpaceOperatorDesc(t(1, 8, 2, 3), t(1, 2, 4, 6), 2)); // S_OK
        assertOnly(new DepthToSpace1OperatorDesc(t(1, 8, 2, 3), t(1, 2, 4, 6), 2,
                DepthSpaceOrder.DEPTH_COLUMN_ROW)); // S_OK
        assertOnly(new DepthToSpaceOperatorDesc(t(1, 6, 2, 3), t(1, 1, 4, 6), 2), // E_INVALIDARG: 6 % 4
                RuleId.BLOCK_SIZE_NOT_DIVISOR, "BlockSize");
        assertOnly(new DepthToSpace1OperatorDesc(t(1, 8, 2, 3), t(1, 2, 4, 7), 2, DepthSpaceOrder.COLUMN_ROW_DEPTH),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes"); // E_INVALIDARG
        // E_INVALIDARG: a block of 2^32 - 1 squared leaves the long range; never a divisor.
        assertOnly(new DepthToSpaceOperatorDesc(t(1, 4, 1, 1), t(1, 1, 2, 2), 4294967295L),
                RuleId.BLOCK_SIZE_NOT_DIVISOR, "BlockSize");
    }
}
