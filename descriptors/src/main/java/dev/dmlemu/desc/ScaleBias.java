package dev.dmlemu.desc;

/**
 * {@code DML_SCALE_BIAS}: {@code output = scale * input + bias}, applied by element-wise operators before their
 * function. A desc holds it as {@code Optional<ScaleBias>}: empty is the NULL pointer.
 *
 * @param scale {@code Scale}
 * @param bias {@code Bias}
 */
public record ScaleBias(float scale, float bias) {}
