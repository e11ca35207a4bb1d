package dev.dmlemu.conformance;

import dev.dmlemu.desc.OperatorDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** The cases an agreement generator has made so far, in order. */
final class AgreementCaseList<D extends OperatorDesc> {

    private final List<AgreementCase<D>> cases = new ArrayList<>();

    /** {@code count} cases named {@code kind_0}, {@code kind_1}, ... */
    void repeat(int count, String kind, Supplier<D> make) {
        for (int i = 0; i < count; i++) {
            add(kind + "_" + i, kind, make.get());
        }
    }

    void add(String name, String kind, D desc) {
        cases.add(new AgreementCase<>(name, kind, desc));
    }

    List<AgreementCase<D>> list() {
        return List.copyOf(cases);
    }
}
