package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * VALUE_SCALE_2D's probes: random sizes with 1 or 3 channels, ChannelCount and Bias to match, a random Scale; broken:
 * a ChannelCount other than the channels, or 2, 4 or 5 channels (docs/directml-behaviour.md §14.4).
 */
final class ValueScale2dProbeShaper extends OperatorShaper {

    ValueScale2dProbeShaper() {
        super(OperatorType.VALUE_SCALE_2D);
    }

    private static final long[] WRONG_CHANNELS = {2, 4, 5};

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        shape(values, random, random.nextBoolean() ? 1 : 3, -1);
        values.put("Scale", random.nextFloat() * 4 - 2);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        long channels = ((BufferTensorDesc) values.get("InputTensor")).sizes().get(1);
        if (random.nextBoolean()) {
            long count = channels == 1 ? 3 : 1;
            shape(values, random, channels, count);
            return Optional.of("ChannelCount " + count + " for " + channels + " channels");
        }
        long other = WRONG_CHANNELS[random.nextInt(WRONG_CHANNELS.length)];
        shape(values, random, other, -1);
        return Optional.of(other + " channels");
    }

    /** Input and output of {@code channels} channels; ChannelCount and Bias {@code count} long, or the channels. */
    private static void shape(Map<String, Object> values, Random random, long channels, long count) {
        BufferTensorDesc in = (BufferTensorDesc) values.get("InputTensor");
        long[] sizes = {1 + random.nextInt(2), channels, 1 + random.nextInt(3), 1 + random.nextInt(3)};
        BufferTensorDesc shaped = BufferTensorDesc.packed(in.dataType(), sizes);
        values.put("InputTensor", shaped);
        values.put("OutputTensor", shaped);
        long length = count < 0 ? channels : count;
        List<Float> bias = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            bias.add(random.nextFloat() - 0.5f);
        }
        values.put("Bias", bias);
        values.put("ChannelCount", length);
    }
}
