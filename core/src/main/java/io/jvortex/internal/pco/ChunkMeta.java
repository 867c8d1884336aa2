package io.jvortex.internal.pco;

import io.jvortex.internal.pco.PcoDecoder.NumberType;
import java.lang.foreign.MemorySegment;

/** A parsed, validated chunk-metadata component. */
final class ChunkMeta {
    enum Mode { CLASSIC, INT_MULT, FLOAT_MULT, FLOAT_QUANT, DICT }

    private static final int DICT_LEN_BITS = 25;
    private static final int MAX_CONSECUTIVE_ORDER = 7;

    final Mode mode;
    /** IntMult/FloatMult: the base as a latent; FloatQuant: k. */
    final long modeParam;
    /** Dict mode: the dictionary's latents. */
    final long[] dict;

    final LatentVar.Delta delta;
    final int consecutiveOrder;
    final boolean secondaryUsesDelta;
    final int windowLog;
    final int stateLog;
    final int quantization;
    final long bias;
    final long[] weights;

    /** The lookback latent variable, or {@code null}. */
    final LatentVar deltaVar;
    final LatentVar primary;
    /** The secondary latent variable, or {@code null}. */
    final LatentVar secondary;

    private ChunkMeta(Mode mode, long modeParam, long[] dict, LatentVar.Delta delta, int consecutiveOrder,
                      boolean secondaryUsesDelta, int windowLog, int stateLog, int quantization, long bias,
                      long[] weights, LatentVar deltaVar, LatentVar primary, LatentVar secondary) {
        this.mode = mode;
        this.modeParam = modeParam;
        this.dict = dict;
        this.delta = delta;
        this.consecutiveOrder = consecutiveOrder;
        this.secondaryUsesDelta = secondaryUsesDelta;
        this.windowLog = windowLog;
        this.stateLog = stateLog;
        this.quantization = quantization;
        this.bias = bias;
        this.weights = weights;
        this.deltaVar = deltaVar;
        this.primary = primary;
        this.secondary = secondary;
    }

    static ChunkMeta read(MemorySegment src, int major, NumberType type) {
        BitReader r = BitReader.copyOf(src, 24, null, "chunk metadata");
        int bits = type.bits;

        // Mode.
        int modeId = (int) r.read(4, "mode");
        Mode mode;
        long modeParam = 0;
        long[] dict = null;
        switch (modeId) {
            case 0 -> mode = Mode.CLASSIC;
            case 1 -> {
                if (major == 0) {
                    throw r.error("IntMult mode of format version 0 (yanked pco 0.0.0) is not supported");
                }
                mode = Mode.INT_MULT;
                modeParam = r.read(bits, "IntMult base");
            }
            case 2 -> {
                mode = Mode.FLOAT_MULT;
                modeParam = r.read(bits, "FloatMult base");
            }
            case 3 -> {
                mode = Mode.FLOAT_QUANT;
                modeParam = r.read(8, "FloatQuant k");
            }
            case 4 -> {
                mode = Mode.DICT;
                int n = (int) r.read(DICT_LEN_BITS, "dict length");
                r.alignZero("dict length");
                long available = r.bitLimit - r.bitPos;
                if ((long) n * bits > available) {
                    throw r.error("dict of " + n + " values needs " + (long) n * bits + " bits but only " + available
                            + " remain");
                }
                dict = new long[n];
                for (int i = 0; i < n; i++) {
                    dict[i] = r.readUnchecked(bits);
                }
            }
            default -> throw r.error("unknown mode " + modeId);
        }
        switch (mode) {
            case CLASSIC, DICT -> { }
            case INT_MULT -> {
                if (type.kind == NumberType.Kind.FLOAT) {
                    throw r.error("IntMult mode on float type " + type);
                }
                if (modeParam == 0) {
                    throw r.error("IntMult base 0");
                }
            }
            case FLOAT_MULT -> {
                if (type.kind != NumberType.Kind.FLOAT) {
                    throw r.error("FloatMult mode on integer type " + type);
                }
                double base = Numbers.floatToDouble(type, Numbers.fromLatentOrdered(type, modeParam));
                if (!Double.isFinite(base) || base == 0.0) {
                    throw r.error("FloatMult base " + base + " is not finite and nonzero");
                }
            }
            case FLOAT_QUANT -> {
                if (type.kind != NumberType.Kind.FLOAT) {
                    throw r.error("FloatQuant mode on integer type " + type);
                }
                if (modeParam == 0 || modeParam > type.precisionBits()) {
                    throw r.error("FloatQuant k " + modeParam + " outside 1.." + type.precisionBits());
                }
            }
        }

        // Delta encoding.
        LatentVar.Delta delta;
        int order = 0;
        boolean secondaryUsesDelta = false;
        int windowLog = 0;
        int stateLog = 0;
        int quantization = 0;
        long bias = 0;
        long[] weights = null;
        if (major < 3) {
            order = (int) r.read(3, "delta order");
            delta = order == 0 ? LatentVar.Delta.NONE : LatentVar.Delta.CONSECUTIVE;
        } else {
            int deltaId = (int) r.read(4, "delta encoding");
            switch (deltaId) {
                case 0 -> delta = LatentVar.Delta.NONE;
                case 1 -> {
                    delta = LatentVar.Delta.CONSECUTIVE;
                    order = (int) r.read(3, "consecutive delta order");
                    if (order == 0) {
                        throw r.error("consecutive delta order 0");
                    }
                    secondaryUsesDelta = r.read(1, "secondary delta flag") != 0;
                }
                case 2 -> {
                    delta = LatentVar.Delta.LOOKBACK;
                    windowLog = 1 + (int) r.read(5, "lookback window log");
                    stateLog = (int) r.read(4, "lookback state log");
                    if (stateLog > windowLog) {
                        throw r.error("lookback state log " + stateLog + " exceeds window log " + windowLog);
                    }
                    secondaryUsesDelta = r.read(1, "secondary delta flag") != 0;
                }
                case 3 -> {
                    delta = LatentVar.Delta.CONV1;
                    quantization = (int) r.read(5, "conv1 quantization");
                    bias = Numbers.fromLatentOrdered(NumberType.I64, r.read(64, "conv1 bias"));
                    int n = 1 + (int) r.read(5, "conv1 order");
                    weights = new long[n];
                    for (int i = 0; i < n; i++) {
                        weights[i] = (int) Numbers.fromLatentOrdered(NumberType.I32, r.read(32, "conv1 weight"));
                    }
                }
                default -> throw r.error("unknown delta encoding " + deltaId);
            }
        }
        if (order > MAX_CONSECUTIVE_ORDER) {
            throw r.error("consecutive delta order " + order + " exceeds " + MAX_CONSECUTIVE_ORDER);
        }

        // Latent variables: delta (lookbacks, u32), primary, secondary.
        LatentVar deltaVar = delta == LatentVar.Delta.LOOKBACK ? LatentVar.read(r, "delta", 32) : null;
        int primaryBits = mode == Mode.DICT ? 32 : bits;
        LatentVar primary = LatentVar.read(r, "primary", primaryBits);
        LatentVar secondary = switch (mode) {
            case CLASSIC, DICT -> null;
            case INT_MULT, FLOAT_MULT, FLOAT_QUANT -> LatentVar.read(r, "secondary", bits);
        };
        r.alignZero("chunk metadata");

        ChunkMeta meta = new ChunkMeta(mode, modeParam, dict, delta, order, secondaryUsesDelta, windowLog, stateLog,
                quantization, bias, weights, deltaVar, primary, secondary);
        meta.assignDeltas();
        meta.validateDelta(r);
        return meta;
    }

    private void assignDeltas() {
        int perState = switch (delta) {
            case NONE -> 0;
            case CONSECUTIVE -> consecutiveOrder;
            case LOOKBACK -> 1 << stateLog;
            case CONV1 -> weights.length;
        };
        primary.delta = delta;
        primary.deltaStateCount = perState;
        if (secondary != null && secondaryUsesDelta && delta != LatentVar.Delta.CONV1) {
            secondary.delta = delta;
            secondary.deltaStateCount = perState;
        }
    }

    /** Checks what pco's {@code ChunkMeta::new} checks. */
    private void validateDelta(BitReader r) {
        if (delta == LatentVar.Delta.LOOKBACK) {
            long windowN = 1L << windowLog;
            for (int i = 0; i < deltaVar.nBins; i++) {
                long lower = deltaVar.binLowers[i];
                if (lower < 1 || lower > windowN) {
                    throw r.error("lookback bin lower bound " + lower + " outside the window [1, " + windowN + "]");
                }
            }
        } else if (delta == LatentVar.Delta.CONV1) {
            int lBits = primary.latentBits;
            if (lBits > 32) {
                throw r.error("conv1 delta encoding on " + lBits + "-bit latents");
            }
            int convBits = 2 * lBits;
            int maxQuantization = Math.min(31, convBits - 1);
            if (quantization > maxQuantization) {
                throw r.error("conv1 quantization " + quantization + " exceeds " + maxQuantization);
            }
            double sum = 0;
            for (long w : weights) {
                sum += Math.abs((double) w);
            }
            double maxPred = Math.abs((double) bias) + Math.pow(2, lBits) * sum;
            if (maxPred >= Math.pow(2, convBits - 1)) {
                throw r.error("conv1 weights and bias could overflow (up to " + maxPred + ")");
            }
        }
    }

    /** @return the latents of the delta state stored per page for the primary variable */
    int primaryStateCount() {
        return primary.deltaStateCount;
    }

    String describeMode() {
        return switch (mode) {
            case CLASSIC -> "Classic";
            case INT_MULT -> "IntMult";
            case FLOAT_MULT -> "FloatMult";
            case FLOAT_QUANT -> "FloatQuant";
            case DICT -> "Dict";
        };
    }

    String describeDelta() {
        return switch (delta) {
            case NONE -> "NoOp";
            case CONSECUTIVE -> "Consecutive" + consecutiveOrder;
            case LOOKBACK -> "Lookback";
            case CONV1 -> "Conv1";
        };
    }
}
