package dev.dmlemu.cli;

import dev.dmlemu.emulator.IndexPolicy;

/** {@code --index-policy directml|strict|clamp-axis}: the emulator's treatment of out-of-range indices. */
enum IndexPolicyOption {
    DIRECTML("directml", IndexPolicy.DIRECTML),
    STRICT("strict", IndexPolicy.STRICT),
    CLAMP_AXIS("clamp-axis", IndexPolicy.CLAMP_AXIS);

    private final String spelling;
    private final IndexPolicy policy;

    IndexPolicyOption(String spelling, IndexPolicy policy) {
        this.spelling = spelling;
        this.policy = policy;
    }

    IndexPolicy policy() {
        return policy;
    }

    @Override
    public String toString() {
        return spelling;
    }

    /** picocli converter accepting the documented spellings. */
    static final class Converter implements picocli.CommandLine.ITypeConverter<IndexPolicyOption> {
        @Override
        public IndexPolicyOption convert(String value) {
            return SpelledOptions.parse(IndexPolicyOption.class, value, "an index policy");
        }
    }
}
