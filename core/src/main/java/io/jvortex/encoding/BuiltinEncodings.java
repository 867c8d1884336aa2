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
            new io.jvortex.encoding.onpair.OnPairEncoding(),
            new io.jvortex.encoding.alp.AlpEncoding(),
            new io.jvortex.encoding.alprd.AlpRdEncoding(),
            new io.jvortex.encoding.zigzag.ZigZagEncoding(),
            new io.jvortex.encoding.sequence.SequenceEncoding(),
            new io.jvortex.encoding.datetimeparts.DateTimePartsEncoding(),
            new io.jvortex.encoding.decimalbyteparts.DecimalBytePartsEncoding(),
            new io.jvortex.encoding.frameofreference.FrameOfReferenceEncoding());

    private BuiltinEncodings() {
    }
}
