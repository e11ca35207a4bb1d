package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DepthSpaceOrder;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * SPACE_TO_DEPTH(1) and DEPTH_TO_SPACE(1) probes: BlockSize 1 to 3 dividing what it splits, the output by the
 * formula, either Order (docs/directml-behaviour.md §14.3); broken by a BlockSize that does not divide or an output
 * size.
 */
final class DepthSpaceShaper extends OperatorShaper {

    private final boolean spaceToDepth;

    private DepthSpaceShaper(OperatorType type, boolean spaceToDepth) {
        super(type);
        this.spaceToDepth = spaceToDepth;
    }

    static List<DepthSpaceShaper> all() {
        return List.of(new DepthSpaceShaper(OperatorType.SPACE_TO_DEPTH, true),
                new DepthSpaceShaper(OperatorType.SPACE_TO_DEPTH1, true),
                new DepthSpaceShaper(OperatorType.DEPTH_TO_SPACE, false),
                new DepthSpaceShaper(OperatorType.DEPTH_TO_SPACE1, false));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        long b = 1 + random.nextInt(3);
        long n = 1 + random.nextInt(2);
        long c = spaceToDepth ? 1 + random.nextInt(3) : b * b * (1 + random.nextInt(2));
        long h = spaceToDepth ? b * (1 + random.nextInt(3)) : 1 + random.nextInt(3);
        long w = spaceToDepth ? b * (1 + random.nextInt(3)) : 1 + random.nextInt(3);
        values.put("InputTensor", BufferTensorDesc.packed(input.dataType(), n, c, h, w));
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), spaceToDepth
                ? new long[] {n, c * b * b, h / b, w / b} : new long[] {n, c / (b * b), h * b, w * b}));
        values.put("BlockSize", b);
        if (values.containsKey("Order")) {
            values.put("Order", DepthSpaceOrder.values()[random.nextInt(DepthSpaceOrder.values().length)]);
        }
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        if (random.nextBoolean()) {
            // Splits the input into blocks one larger than the dimension it splits.
            long b = (spaceToDepth ? input.sizes().get(2) : input.sizes().get(1)) + 1;
            values.put("BlockSize", b);
            return Optional.of("BlockSize " + b + " does not divide");
        }
        long[] out = output.sizes().stream().mapToLong(Long::longValue).toArray();
        int i = random.nextInt(4);
        out[i] += 1;
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), out));
        return Optional.of("OutputTensor.Sizes[" + i + "] one above the formula");
    }
}
