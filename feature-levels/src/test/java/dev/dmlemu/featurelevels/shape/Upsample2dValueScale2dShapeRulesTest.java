package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.Upsample2dOperatorDesc;
import dev.dmlemu.desc.ValueScale2dOperatorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * UPSAMPLE_2D's and VALUE_SCALE_2D's shape rules (docs/directml-behaviour.md §14.4). Every verdict is DirectML.dll
 * 1.15.4's (under Wine in the project's host, DML_FEATURE_LEVEL_6_4), FLOAT32.
 */
class Upsample2dValueScale2dShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc t(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static OperatorDesc upsample(BufferTensorDesc in, BufferTensorDesc out, long width, long height,
            InterpolationMode mode) {
        return new Upsample2dOperatorDesc(in, out, new Size2d(width, height), mode);
    }

    private static OperatorDesc valueScale(BufferTensorDesc in, long channelCount, float scale) {
        return new ValueScale2dOperatorDesc(in, in, scale, channelCount,
                Collections.nCopies((int) channelCount, 0.5f));
    }

    private List<RuleId> errors(OperatorDesc desc) {
        return validator.validate(desc, LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    @Test
    void upsampleMultipliesHeightAndWidthOnly() {
        InterpolationMode nn = InterpolationMode.NEAREST_NEIGHBOR;
        // S_OK: width 2, height 3 of [1, 1, 2, 2] give [1, 1, 6, 4]; 1 x 1; a 5-D input keeps its depth; LINEAR.
        assertEquals(List.of(), errors(upsample(t(1, 1, 2, 2), t(1, 1, 6, 4), 2, 3, nn)));
        assertEquals(List.of(), errors(upsample(t(1, 1, 2, 2), t(1, 1, 2, 2), 1, 1, nn)));
        assertEquals(List.of(), errors(upsample(t(1, 1, 2, 2, 2), t(1, 1, 2, 4, 4), 2, 2, nn)));
        assertEquals(List.of(), errors(upsample(t(1, 1, 2, 2), t(1, 1, 4, 4), 2, 2, InterpolationMode.LINEAR)));
        assertEquals(List.of(), errors(upsample(t(1, 1, 2, 2), t(1, 1, 200000, 2), 1, 100000, nn)));
        // E_INVALIDARG: width and height swapped, a size off, N or C or the depth scaled, a scale of 0.
        for (OperatorDesc refused : List.of(upsample(t(1, 1, 2, 2), t(1, 1, 4, 6), 2, 3, nn),
                upsample(t(1, 1, 2, 2), t(1, 1, 5, 4), 2, 2, nn),
                upsample(t(1, 1, 2, 2), t(1, 1, 5, 4), 2, 2, InterpolationMode.LINEAR),
                upsample(t(1, 1, 2, 2), t(2, 1, 4, 4), 2, 2, nn),
                upsample(t(1, 1, 2, 2), t(1, 2, 4, 4), 2, 2, nn),
                upsample(t(1, 1, 2, 2, 2), t(1, 1, 4, 4, 4), 2, 2, nn))) {
            assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(refused), refused::toString);
        }
        assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(upsample(t(1, 1, 2, 2), t(1, 1, 2, 2), 0, 1,
                nn)));
    }

    @Test
    void upsampleSizesThatOverflowAreADiagnostic() {
        assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(upsample(t(1, 1, 2, 2), t(1, 1, 2, 2),
                Long.MAX_VALUE, 1, InterpolationMode.NEAREST_NEIGHBOR)));
    }

    @Test
    void valueScaleTakesOneOrThreeChannelsAndTheirCount() {
        // S_OK: 3 channels with ChannelCount 3, 1 with 1; Scale NaN, 0, -infinity.
        assertEquals(List.of(), errors(valueScale(t(1, 3, 2, 2), 3, 1)));
        assertEquals(List.of(), errors(valueScale(t(2, 1, 2, 2), 1, 1)));
        assertEquals(List.of(), errors(valueScale(t(1, 3, 2, 2), 3, Float.NaN)));
        assertEquals(List.of(), errors(valueScale(t(1, 3, 2, 2), 3, 0)));
        assertEquals(List.of(), errors(valueScale(t(1, 3, 2, 2), 3, Float.NEGATIVE_INFINITY)));
        // E_INVALIDARG: ChannelCount 1 or 4 for 3 channels, 3 or 0 for 1; 2, 4 or 5 channels with their count.
        for (OperatorDesc refused : List.of(valueScale(t(1, 3, 2, 2), 1, 1), valueScale(t(1, 3, 2, 2), 4, 1),
                valueScale(t(2, 1, 2, 2), 3, 1), valueScale(t(1, 1, 1, 1), 0, 1), valueScale(t(5, 2, 1, 3), 2, 1),
                valueScale(t(2, 2, 1, 1), 2, 1), valueScale(t(1, 4, 1, 1), 4, 1), valueScale(t(1, 5, 1, 1), 5, 1),
                valueScale(t(1, 4, 1, 1), 3, 1))) {
            assertEquals(List.of(RuleId.CHANNEL_COUNT_MISMATCH), errors(refused), refused::toString);
        }
    }
}
