package dev.dmlemu.conformance;

import dev.dmlemu.desc.OperatorDesc;

/** One generated desc for a validator agreement test and the kind of change that produced it, for the report. */
record AgreementCase<D extends OperatorDesc>(String name, String kind, D desc) {}
