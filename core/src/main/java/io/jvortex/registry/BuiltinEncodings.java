package io.jvortex.registry;

import io.jvortex.compress.Scheme;
import io.jvortex.encoding.Encoding;
import java.util.Comparator;
import java.util.List;

/**
 * The one table of built-in encodings: per encoding its decoder, the first edition whose files may
 * contain its id, and the compressor schemes that write it with their priorities. The editions' array
 * id lists ({@code io.jvortex.api.Edition}) and the scheme order ({@link BuiltinSchemes}) are derived
 * from it, so adding an encoding is one package plus one entry here (and its tests).
 */
public final class BuiltinEncodings {
    private BuiltinEncodings() {
    }

    /**
     * A compressor scheme with its place in the evaluation order.
     *
     * @param scheme the scheme
     * @param priority lower is tried first, and wins ties of size (the reference's scheme order per dtype
     *        family, interleaved as it evaluates them)
     * @param compactOnly whether only the compact strategy uses it
     */
    public record RankedScheme(Scheme scheme, int priority, boolean compactOnly) {
    }

    /**
     * One built-in encoding.
     *
     * @param encoding the decoder (and so the id)
     * @param firstEdition the first edition containing the id, e.g. {@code core2025.05.0}
     * @param schemes the schemes that write it (none for the ids jvortex reads but does not write)
     */
    public record Entry(Encoding encoding, String firstEdition, List<RankedScheme> schemes) {
        /** @return the encoding id */
        public String id() {
            return encoding.id();
        }
    }

    private static final List<Entry> ENTRIES = List.of(
            entry(new io.jvortex.encoding.primitive.PrimitiveEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.bool.BoolEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.nulls.NullEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.constant.ConstantEncoding(), "core2025.05.0", scheme(io.jvortex.encoding.constant.ConstantScheme.BOOL, 10), scheme(io.jvortex.encoding.constant.ConstantScheme.INTEGER, 20), scheme(io.jvortex.encoding.constant.ConstantScheme.FLOAT, 110), scheme(io.jvortex.encoding.constant.ConstantScheme.STRING, 200), scheme(io.jvortex.encoding.constant.ConstantScheme.BINARY, 220), scheme(io.jvortex.encoding.constant.ConstantScheme.DECIMAL, 230)),
            entry(new io.jvortex.encoding.struct.StructEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.ext.ExtensionEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.chunked.ChunkedEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.list.ListEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.listview.ListViewEncoding(), "core2025.10.0"),
            entry(new io.jvortex.encoding.map.MapEncoding(), "core2026.08.2"),
            entry(new io.jvortex.encoding.variant.VariantEncoding(), "core2026.08.3"),
            entry(new io.jvortex.encoding.parquetvariant.ParquetVariantEncoding(), "core2026.08.3"),
            entry(new io.jvortex.encoding.union.UnionEncoding(), "unstable2026.10.0"),
            entry(new io.jvortex.encoding.fixedsizelist.FixedSizeListEncoding(), "core2025.10.0"),
            entry(new io.jvortex.encoding.decimal.DecimalEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.bytebool.ByteBoolEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.masked.MaskedEncoding(), "core2025.10.0"),
            entry(new io.jvortex.encoding.dict.DictEncoding(), "core2025.05.0", scheme(io.jvortex.encoding.dict.DictScheme.INTEGER, 70), scheme(io.jvortex.encoding.dict.DictScheme.FLOAT, 140), scheme(io.jvortex.encoding.dict.DictScheme.STRING, 170), scheme(io.jvortex.encoding.dict.DictScheme.BINARY, 210)),
            entry(new io.jvortex.encoding.sparse.SparseEncoding(), "core2025.05.0", scheme(io.jvortex.encoding.sparse.SparseScheme.INTEGER, 60), scheme(io.jvortex.encoding.sparse.SparseScheme.FLOAT, 150)),
            entry(new io.jvortex.encoding.runend.RunEndEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.runend.RunEndScheme(), 80)),
            entry(new io.jvortex.encoding.varbin.VarBinEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.varbin.VarBinScheme(), 260)),
            entry(new io.jvortex.encoding.varbinview.VarBinViewEncoding(), "core2025.05.0"),
            entry(new io.jvortex.encoding.fsst.FsstEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.fsst.FsstScheme(), 180)),
            entry(new io.jvortex.encoding.onpair.OnPairEncoding(), "core2026.08.1", scheme(new io.jvortex.encoding.onpair.OnPairScheme(), 190)),
            entry(new io.jvortex.encoding.alp.AlpEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.alp.AlpScheme(), 120)),
            entry(new io.jvortex.encoding.alprd.AlpRdEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.alprd.AlpRdScheme(), 130)),
            entry(new io.jvortex.encoding.zigzag.ZigZagEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.zigzag.ZigZagScheme(), 40)),
            entry(new io.jvortex.encoding.sequence.SequenceEncoding(), "core2025.06.0", scheme(new io.jvortex.encoding.sequence.SequenceScheme(), 90)),
            entry(new io.jvortex.encoding.datetimeparts.DateTimePartsEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.datetimeparts.DateTimePartsScheme(), 250)),
            entry(new io.jvortex.encoding.decimalbyteparts.DecimalBytePartsEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.decimalbyteparts.DecimalBytePartsScheme(), 240)),
            entry(new io.jvortex.encoding.decimalbyteparts.DecimalBytePartsV2Encoding(), "unstable2026.10.0"),
            entry(new io.jvortex.encoding.frameofreference.FrameOfReferenceEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.frameofreference.FrameOfReferenceScheme(), 30)),
            entry(new io.jvortex.encoding.bitpacked.BitPackedEncoding(), "core2025.05.0", scheme(new io.jvortex.encoding.bitpacked.BitPackingScheme(), 50)),
            entry(new io.jvortex.encoding.frameofreference.FrameOfReferenceV2Encoding(), "unstable2026.10.0"),
            entry(new io.jvortex.encoding.bitpacked.BitPackedV2Encoding(), "unstable2026.10.0"),
            entry(new io.jvortex.encoding.rle.RleEncoding(), "core2025.10.0", scheme(io.jvortex.encoding.rle.RleScheme.INTEGER, 100), scheme(io.jvortex.encoding.rle.RleScheme.FLOAT, 160)),
            entry(new io.jvortex.encoding.delta.DeltaEncoding(), "unstable2026.10.0"),
            entry(new io.jvortex.encoding.pco.PcoEncoding(), "core2025.06.0", compact(new io.jvortex.encoding.pco.PcoScheme(), 1010)),
            entry(new io.jvortex.encoding.zstd.ZstdEncoding(), "core2025.06.0", compact(io.jvortex.encoding.zstd.ZstdScheme.STRING, 1020), compact(io.jvortex.encoding.zstd.ZstdScheme.BINARY, 1030)));

    /** @return every built-in encoding, in registration order */
    public static List<Entry> entries() {
        return ENTRIES;
    }

    static List<Encoding> encodings() {
        return ENTRIES.stream().map(Entry::encoding).toList();
    }

    /**
     * @param compact whether the compact-only schemes are wanted (else the default ones)
     * @return those schemes, by priority
     */
    static List<Scheme> schemes(boolean compact) {
        return ENTRIES.stream().flatMap(e -> e.schemes().stream())
                .filter(s -> s.compactOnly() == compact)
                .sorted(Comparator.comparingInt(RankedScheme::priority))
                .map(RankedScheme::scheme).toList();
    }

    private static Entry entry(Encoding encoding, String firstEdition, RankedScheme... schemes) {
        return new Entry(encoding, firstEdition, List.of(schemes));
    }

    private static RankedScheme scheme(Scheme scheme, int priority) {
        return new RankedScheme(scheme, priority, false);
    }

    private static RankedScheme compact(Scheme scheme, int priority) {
        return new RankedScheme(scheme, priority, true);
    }
}
