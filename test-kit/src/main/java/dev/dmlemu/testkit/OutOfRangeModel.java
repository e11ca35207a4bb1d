package dev.dmlemu.testkit;

/**
 * What an index outside its axis does, as docs/directml-behaviour.md §7 describes it for GatherElements. The kit's own
 * enum, so the references do not depend on a backend's option type; tests map their backend's policy onto it. Each
 * reference applies it to its operator: {@link NaiveGather} documents where GATHER's DirectML walk differs.
 */
public enum OutOfRangeModel {
    /** DirectML's linear walk through the input buffer (§7.1, measured on the real DLL). */
    DIRECTML,
    /** Refuse the first out-of-range index in row-major output order and write nothing (§7.3). */
    STRICT,
    /** Clamp to the first or last position of the axis, after a signed index's wrap (§7.3). */
    CLAMP_AXIS
}
