package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;

/**
 * The DirectML.dll whose behaviour the validator's measured rules and the emulator's default index policy mirror:
 * the version and feature level of the referee they were probed on (docs/directml-behaviour.md §1.2).
 */
public final class MeasuredDirectMl {

    /** {@code DirectML.dll} 1.15.4, as shipped in onnxruntime-node 1.30.0. */
    public static final String DLL_VERSION = "1.15.4";

    /** How messages name it: {@code DirectML.dll 1.15.4}. */
    public static final String NAME = "DirectML.dll " + DLL_VERSION;

    /** The highest feature level that DLL reports. */
    public static final FeatureLevel FEATURE_LEVEL = FeatureLevel.LEVEL_6_4;

    private MeasuredDirectMl() {}
}
