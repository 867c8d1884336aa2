package io.jvortex.internal.registry;

import io.jvortex.internal.compress.Scheme;
import io.jvortex.spi.Encoding;
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
            entry(new io.jvortex.internal.encodings.primitive.PrimitiveEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.bool.BoolEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.nulls.NullEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.constant.ConstantEncoding(), "core2025.05.0", scheme(io.jvortex.internal.encodings.constant.ConstantScheme.BOOL, 10), scheme(io.jvortex.internal.encodings.constant.ConstantScheme.INTEGER, 20), scheme(io.jvortex.internal.encodings.constant.ConstantScheme.FLOAT, 110), scheme(io.jvortex.internal.encodings.constant.ConstantScheme.STRING, 200), scheme(io.jvortex.internal.encodings.constant.ConstantScheme.BINARY, 220), scheme(io.jvortex.internal.encodings.constant.ConstantScheme.DECIMAL, 230)),
            entry(new io.jvortex.internal.encodings.struct.StructEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.ext.ExtensionEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.chunked.ChunkedEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.list.ListEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.listview.ListViewEncoding(), "core2025.10.0"),
            entry(new io.jvortex.internal.encodings.map.MapEncoding(), "core2026.08.2"),
            entry(new io.jvortex.internal.encodings.variant.VariantEncoding(), "core2026.08.3"),
            entry(new io.jvortex.internal.encodings.parquetvariant.ParquetVariantEncoding(), "core2026.08.3"),
            entry(new io.jvortex.internal.encodings.union.UnionEncoding(), "unstable2026.10.0"),
            entry(new io.jvortex.internal.encodings.fixedsizelist.FixedSizeListEncoding(), "core2025.10.0"),
            entry(new io.jvortex.internal.encodings.decimal.DecimalEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.bytebool.ByteBoolEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.masked.MaskedEncoding(), "core2025.10.0"),
            entry(new io.jvortex.internal.encodings.dict.DictEncoding(), "core2025.05.0", scheme(io.jvortex.internal.encodings.dict.DictScheme.INTEGER, 70), scheme(io.jvortex.internal.encodings.dict.DictScheme.FLOAT, 140), scheme(io.jvortex.internal.encodings.dict.DictScheme.STRING, 170), scheme(io.jvortex.internal.encodings.dict.DictScheme.BINARY, 210)),
            entry(new io.jvortex.internal.encodings.sparse.SparseEncoding(), "core2025.05.0", scheme(io.jvortex.internal.encodings.sparse.SparseScheme.INTEGER, 60), scheme(io.jvortex.internal.encodings.sparse.SparseScheme.FLOAT, 150)),
            entry(new io.jvortex.internal.encodings.runend.RunEndEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.runend.RunEndScheme(), 80)),
            entry(new io.jvortex.internal.encodings.varbin.VarBinEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.varbin.VarBinScheme(), 260)),
            entry(new io.jvortex.internal.encodings.varbinview.VarBinViewEncoding(), "core2025.05.0"),
            entry(new io.jvortex.internal.encodings.fsst.FsstEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.fsst.FsstScheme(), 180)),
            entry(new io.jvortex.internal.encodings.onpair.OnPairEncoding(), "core2026.08.1", scheme(new io.jvortex.internal.encodings.onpair.OnPairScheme(), 190)),
            entry(new io.jvortex.internal.encodings.alp.AlpEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.alp.AlpScheme(), 120)),
            entry(new io.jvortex.internal.encodings.alprd.AlpRdEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.alprd.AlpRdScheme(), 130)),
            entry(new io.jvortex.internal.encodings.zigzag.ZigZagEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.zigzag.ZigZagScheme(), 40)),
            entry(new io.jvortex.internal.encodings.sequence.SequenceEncoding(), "core2025.06.0", scheme(new io.jvortex.internal.encodings.sequence.SequenceScheme(), 90)),
            entry(new io.jvortex.internal.encodings.datetimeparts.DateTimePartsEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.datetimeparts.DateTimePartsScheme(), 250)),
            entry(new io.jvortex.internal.encodings.decimalbyteparts.DecimalBytePartsEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.decimalbyteparts.DecimalBytePartsScheme(), 240)),
            entry(new io.jvortex.internal.encodings.decimalbyteparts.DecimalBytePartsV2Encoding(), "unstable2026.10.0"),
            entry(new io.jvortex.internal.encodings.frameofreference.FrameOfReferenceEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.frameofreference.FrameOfReferenceScheme(), 30)),
            entry(new io.jvortex.internal.encodings.bitpacked.BitPackedEncoding(), "core2025.05.0", scheme(new io.jvortex.internal.encodings.bitpacked.BitPackingScheme(), 50)),
            entry(new io.jvortex.internal.encodings.frameofreference.FrameOfReferenceV2Encoding(), "unstable2026.10.0"),
            entry(new io.jvortex.internal.encodings.bitpacked.BitPackedV2Encoding(), "unstable2026.10.0"),
            entry(new io.jvortex.internal.encodings.rle.RleEncoding(), "core2025.10.0", scheme(io.jvortex.internal.encodings.rle.RleScheme.INTEGER, 100), scheme(io.jvortex.internal.encodings.rle.RleScheme.FLOAT, 160)),
            entry(new io.jvortex.internal.encodings.delta.DeltaEncoding(), "unstable2026.10.0"),
            entry(new io.jvortex.internal.encodings.pco.PcoEncoding(), "core2025.06.0", compact(new io.jvortex.internal.encodings.pco.PcoScheme(), 1010)),
            entry(new io.jvortex.internal.encodings.zstd.ZstdEncoding(), "core2025.06.0", compact(io.jvortex.internal.encodings.zstd.ZstdScheme.STRING, 1020), compact(io.jvortex.internal.encodings.zstd.ZstdScheme.BINARY, 1030)));

    /** @return every built-in encoding, in registration order */
    public static List<Entry> entries() {
        return ENTRIES;
    }

    public static List<Encoding> encodings() {
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
