package io.jvortex.registry;

import io.jvortex.compress.Scheme;
import io.jvortex.encoding.bitpacked.BitPackingScheme;
import io.jvortex.encoding.constant.ConstantScheme;
import io.jvortex.encoding.dict.DictScheme;
import io.jvortex.encoding.frameofreference.FrameOfReferenceScheme;
import io.jvortex.encoding.rle.RleScheme;
import io.jvortex.encoding.runend.RunEndScheme;
import io.jvortex.encoding.sequence.SequenceScheme;
import io.jvortex.encoding.sparse.SparseScheme;
import io.jvortex.encoding.zigzag.ZigZagScheme;
import java.util.List;

/**
 * The one list of built-in schemes, in evaluation order (earlier wins ties), mirroring the
 * reference's scheme order per dtype family. Compact-only schemes (Pcodec, Zstandard) are listed
 * separately.
 */
public final class BuiltinSchemes {
    private BuiltinSchemes() {
    }

    /** @return the default schemes */
    public static List<Scheme> defaults() {
        return List.of(
                ConstantScheme.BOOL,
                ConstantScheme.INTEGER,
                new FrameOfReferenceScheme(),
                new ZigZagScheme(),
                new BitPackingScheme(),
                SparseScheme.INTEGER,
                DictScheme.INTEGER,
                new RunEndScheme(),
                new SequenceScheme(),
                RleScheme.INTEGER,
                ConstantScheme.FLOAT,
                new io.jvortex.encoding.alp.AlpScheme(),
                new io.jvortex.encoding.alprd.AlpRdScheme(),
                DictScheme.FLOAT,
                SparseScheme.FLOAT,
                RleScheme.FLOAT,
                DictScheme.STRING,
                new io.jvortex.encoding.fsst.FsstScheme(),
                new io.jvortex.encoding.onpair.OnPairScheme(),
                ConstantScheme.STRING,
                DictScheme.BINARY,
                ConstantScheme.BINARY,
                ConstantScheme.DECIMAL,
                new io.jvortex.encoding.decimalbyteparts.DecimalBytePartsScheme(),
                new io.jvortex.encoding.datetimeparts.DateTimePartsScheme(),
                new io.jvortex.encoding.varbin.VarBinScheme()
        );
    }

    /** @return the extra schemes of the compact strategy, tried after the defaults */
    public static List<Scheme> compact() {
        return List.of(
                new io.jvortex.encoding.pco.PcoScheme(),
                io.jvortex.encoding.zstd.ZstdScheme.STRING, io.jvortex.encoding.zstd.ZstdScheme.BINARY
        );
    }
}
