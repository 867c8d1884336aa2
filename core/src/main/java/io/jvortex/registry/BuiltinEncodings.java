package io.jvortex.registry;

import io.jvortex.encoding.Encoding;
import java.util.List;

/** The one list of built-in encodings. Adding an encoding = one package + one line here. */
final class BuiltinEncodings {
    static final List<Encoding> ALL = List.of(
            new io.jvortex.encoding.primitive.PrimitiveEncoding(),
            new io.jvortex.encoding.bool.BoolEncoding(),
            new io.jvortex.encoding.nulls.NullEncoding(),
            new io.jvortex.encoding.constant.ConstantEncoding(),
            new io.jvortex.encoding.struct.StructEncoding(),
            new io.jvortex.encoding.ext.ExtensionEncoding(),
            new io.jvortex.encoding.chunked.ChunkedEncoding(),
            new io.jvortex.encoding.list.ListEncoding(),
            new io.jvortex.encoding.listview.ListViewEncoding(),
            new io.jvortex.encoding.map.MapEncoding(),
            new io.jvortex.encoding.variant.VariantEncoding(),
            new io.jvortex.encoding.parquetvariant.ParquetVariantEncoding(),
            new io.jvortex.encoding.union.UnionEncoding(),
            new io.jvortex.encoding.fixedsizelist.FixedSizeListEncoding(),
            new io.jvortex.encoding.decimal.DecimalEncoding(),
            new io.jvortex.encoding.bytebool.ByteBoolEncoding(),
            new io.jvortex.encoding.masked.MaskedEncoding(),
            new io.jvortex.encoding.dict.DictEncoding(),
            new io.jvortex.encoding.sparse.SparseEncoding(),
            new io.jvortex.encoding.runend.RunEndEncoding(),
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
            new io.jvortex.encoding.decimalbyteparts.DecimalBytePartsV2Encoding(),
            new io.jvortex.encoding.frameofreference.FrameOfReferenceEncoding(),
            new io.jvortex.encoding.bitpacked.BitPackedEncoding(),
            new io.jvortex.encoding.frameofreference.FrameOfReferenceV2Encoding(),
            new io.jvortex.encoding.bitpacked.BitPackedV2Encoding(),
            new io.jvortex.encoding.rle.RleEncoding(),
            new io.jvortex.encoding.delta.DeltaEncoding(),
            new io.jvortex.encoding.pco.PcoEncoding(),
            new io.jvortex.encoding.zstd.ZstdEncoding());

    private BuiltinEncodings() {
    }
}
