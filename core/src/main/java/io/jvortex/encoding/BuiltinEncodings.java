package io.jvortex.encoding;

import java.util.List;

/** The one list of built-in encodings. Adding an encoding = one package + one line here. */
final class BuiltinEncodings {
    static final List<Encoding> ALL = List.of(
            new io.jvortex.encoding.primitive.PrimitiveEncoding(),
            new io.jvortex.encoding.bool.BoolEncoding(),
            new io.jvortex.encoding.varbin.VarBinEncoding(),
            new io.jvortex.encoding.varbinview.VarBinViewEncoding(),
            new io.jvortex.encoding.fsst.FsstEncoding(),
            new io.jvortex.encoding.onpair.OnPairEncoding());

    private BuiltinEncodings() {
    }
}
