package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import java.util.Optional;

/**
 * {@code DML_SCALE_BIAS} before an element-wise body: each float input element becomes {@code scale * x + bias},
 * measured on the real DLL as two roundings to FLOAT32 (the product, then the sum), not one fused multiply-add
 * (docs/directml-behaviour.md §15), denormals kept; Scale 1 with Bias 0 is left out.
 * FLOAT64 tensors compute in double. Integer tensors take no scale-bias.
 */
final class ScaleBiasStep {

    private ScaleBiasStep() {}

    static ElementFunction before(Optional<ScaleBias> scaleBias, ElementFunction body) {
        if (scaleBias.isEmpty()) {
            return body;
        }
        float scale = scaleBias.get().scale();
        float bias = scaleBias.get().bias();
        if (scale == 1f && bias == 0f) {
            // Measured: left out, so -0.0 stays -0.0 (FLOOR, Scale 1, Bias 0, of -0.0 is -0.0).
            return body;
        }
        return (in, out, n) -> {
            for (Lanes x : in) {
                if (x.isFloat()) {
                    apply(scale, bias, x, n);
                }
            }
            body.apply(in, out, n);
        };
    }

    private static void apply(float scale, float bias, Lanes x, int n) {
        for (int i = 0; i < n; i++) {
            double v;
            if (x.type == TensorDataType.FLOAT64) {
                double product = scale * x.values[i];
                // A NaN comes out quiet, as FLOAT32's does through the float conversion.
                v = product != product ? Cast.quiet(product) : product + bias;
                x.bits[i] = Double.doubleToRawLongBits(v);
            } else {
                float product = scale * (float) x.values[i];
                float sum = product + bias;
                v = sum;
                x.bits[i] = x.type == TensorDataType.FLOAT32 ? Float.floatToRawIntBits(sum) & 0xFFFF_FFFFL
                        : Half.fromDouble(sum) & 0xFFFF;
            }
            x.values[i] = v;
        }
    }
}
