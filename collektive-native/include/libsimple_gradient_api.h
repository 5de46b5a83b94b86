#ifndef KONAN_LIBSIMPLE_GRADIENT_H
#define KONAN_LIBSIMPLE_GRADIENT_H
#ifdef __cplusplus
extern "C" {
#endif
#ifdef __cplusplus
typedef bool            libsimple_gradient_KBoolean;
#else
typedef _Bool           libsimple_gradient_KBoolean;
#endif
typedef unsigned short     libsimple_gradient_KChar;
typedef signed char        libsimple_gradient_KByte;
typedef short              libsimple_gradient_KShort;
typedef int                libsimple_gradient_KInt;
typedef long long          libsimple_gradient_KLong;
typedef unsigned char      libsimple_gradient_KUByte;
typedef unsigned short     libsimple_gradient_KUShort;
typedef unsigned int       libsimple_gradient_KUInt;
typedef unsigned long long libsimple_gradient_KULong;
typedef float              libsimple_gradient_KFloat;
typedef double             libsimple_gradient_KDouble;
typedef float __attribute__ ((__vector_size__ (16))) libsimple_gradient_KVector128;
typedef void*              libsimple_gradient_KNativePtr;
struct libsimple_gradient_KType;
typedef struct libsimple_gradient_KType libsimple_gradient_KType;

typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Byte;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Short;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Int;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Long;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Float;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Double;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Char;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Boolean;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Unit;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_UByte;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_UShort;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_UInt;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_ULong;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_aggregate_AggregateState;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_codec_PositionsCodec;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_ByteArray;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_DoubleArray;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_codec_StateCodec;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_EngineState;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_GradientEngine;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_BudgetExceededException;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_Device;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_aggregate_api_Field;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Array;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Any;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_Program;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_IntArray;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_ProgramOutput;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_aggregate_api_Aggregate;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_Program_Companion;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_ProgramOutput_DISTANCE;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_ProgramOutput_COUNT;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_ProgramOutput_DEVICE_ID;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_ProgramOutput_BOOLEAN;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_Scenarios;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_SpatialGrid;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_engine_SplitMix64;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_BoundedElection;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_BoundedElection_Companion;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_Channel;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_Channel_Companion;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_CountDevices;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_EuclideanGradient;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_GossipMax;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_HopGradient;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_NeighborCounter;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_ProgramArguments;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_Programs;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_collections_List;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_ProgramEntry;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_kotlin_Function1;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_SourceNeighbors;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_WithWork;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_WithWork_Companion;
typedef struct {
  libsimple_gradient_KNativePtr pinned;
} libsimple_gradient_kref_collektive_programs_CalibratedWork;

extern void clear_last_error();
extern libsimple_gradient_KInt create_with_program(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance, libsimple_gradient_KInt program);
extern libsimple_gradient_KInt create_with_program_spec(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance, void* spec);
extern libsimple_gradient_KInt flush_timings();
extern void* last_error();
extern libsimple_gradient_KInt last_error_code();
extern libsimple_gradient_KInt live_engine_count();
extern void noop();
extern libsimple_gradient_KInt set_timing_csv_path(void* path);
extern libsimple_gradient_KInt update_positions(libsimple_gradient_KInt handle, void* xyz, libsimple_gradient_KInt nodeCount);
extern void clear_sources_with_distance(libsimple_gradient_KInt handle);
extern libsimple_gradient_KInt create_with_distance(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance);
extern void destroy_with_distance(libsimple_gradient_KInt handle);
extern void free_neighborhood_with_distance(void* pointer);
extern void free_state_buffer(void* pointer);
extern void* get_neighborhood_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, void* outSize);
extern libsimple_gradient_KDouble get_value_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt node);
extern void set_source_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, libsimple_gradient_KBoolean isSource);
extern void* step_and_get_state_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt rounds, void* outSize);
extern void step_with_distance(libsimple_gradient_KInt handle, libsimple_gradient_KInt rounds);
extern void update_position(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, libsimple_gradient_KDouble x, libsimple_gradient_KDouble y, libsimple_gradient_KDouble z);

typedef struct {
  /* Service functions. */
  void (*DisposeStablePointer)(libsimple_gradient_KNativePtr ptr);
  void (*DisposeString)(const char* string);
  libsimple_gradient_KBoolean (*IsInstance)(libsimple_gradient_KNativePtr ref, const libsimple_gradient_KType* type);
  libsimple_gradient_kref_kotlin_Byte (*createNullableByte)(libsimple_gradient_KByte);
  libsimple_gradient_KByte (*getNonNullValueOfByte)(libsimple_gradient_kref_kotlin_Byte);
  libsimple_gradient_kref_kotlin_Short (*createNullableShort)(libsimple_gradient_KShort);
  libsimple_gradient_KShort (*getNonNullValueOfShort)(libsimple_gradient_kref_kotlin_Short);
  libsimple_gradient_kref_kotlin_Int (*createNullableInt)(libsimple_gradient_KInt);
  libsimple_gradient_KInt (*getNonNullValueOfInt)(libsimple_gradient_kref_kotlin_Int);
  libsimple_gradient_kref_kotlin_Long (*createNullableLong)(libsimple_gradient_KLong);
  libsimple_gradient_KLong (*getNonNullValueOfLong)(libsimple_gradient_kref_kotlin_Long);
  libsimple_gradient_kref_kotlin_Float (*createNullableFloat)(libsimple_gradient_KFloat);
  libsimple_gradient_KFloat (*getNonNullValueOfFloat)(libsimple_gradient_kref_kotlin_Float);
  libsimple_gradient_kref_kotlin_Double (*createNullableDouble)(libsimple_gradient_KDouble);
  libsimple_gradient_KDouble (*getNonNullValueOfDouble)(libsimple_gradient_kref_kotlin_Double);
  libsimple_gradient_kref_kotlin_Char (*createNullableChar)(libsimple_gradient_KChar);
  libsimple_gradient_KChar (*getNonNullValueOfChar)(libsimple_gradient_kref_kotlin_Char);
  libsimple_gradient_kref_kotlin_Boolean (*createNullableBoolean)(libsimple_gradient_KBoolean);
  libsimple_gradient_KBoolean (*getNonNullValueOfBoolean)(libsimple_gradient_kref_kotlin_Boolean);
  libsimple_gradient_kref_kotlin_Unit (*createNullableUnit)(void);
  libsimple_gradient_kref_kotlin_UByte (*createNullableUByte)(libsimple_gradient_KUByte);
  libsimple_gradient_KUByte (*getNonNullValueOfUByte)(libsimple_gradient_kref_kotlin_UByte);
  libsimple_gradient_kref_kotlin_UShort (*createNullableUShort)(libsimple_gradient_KUShort);
  libsimple_gradient_KUShort (*getNonNullValueOfUShort)(libsimple_gradient_kref_kotlin_UShort);
  libsimple_gradient_kref_kotlin_UInt (*createNullableUInt)(libsimple_gradient_KUInt);
  libsimple_gradient_KUInt (*getNonNullValueOfUInt)(libsimple_gradient_kref_kotlin_UInt);
  libsimple_gradient_kref_kotlin_ULong (*createNullableULong)(libsimple_gradient_KULong);
  libsimple_gradient_KULong (*getNonNullValueOfULong)(libsimple_gradient_kref_kotlin_ULong);

  /* User functions. */
  struct {
    struct {
      struct {
        struct {
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_aggregate_AggregateState (*AggregateState)();
            libsimple_gradient_KInt (*get_entryCount)(libsimple_gradient_kref_collektive_aggregate_AggregateState thiz);
            const char* (*toString)(libsimple_gradient_kref_collektive_aggregate_AggregateState thiz);
          } AggregateState;
        } aggregate;
        struct {
          void (*clearLastError)();
          libsimple_gradient_KInt (*createWithProgram)(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance, libsimple_gradient_KInt program);
          libsimple_gradient_KInt (*createWithProgramSpec)(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance, void* spec);
          libsimple_gradient_KInt (*flushTimings)();
          void* (*lastError)();
          libsimple_gradient_KInt (*lastErrorCode)();
          libsimple_gradient_KInt (*liveEngineCount)();
          void (*noop_)();
          libsimple_gradient_KInt (*setTimingCsvPath)(void* path);
          libsimple_gradient_KInt (*updatePositions)(libsimple_gradient_KInt handle, void* xyz, libsimple_gradient_KInt nodeCount);
          void (*clearSourcesWithDistance)(libsimple_gradient_KInt handle);
          libsimple_gradient_KInt (*createWithDistance)(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance);
          void (*destroyWithDistance)(libsimple_gradient_KInt handle);
          void (*freeNeighborhoodWithDistance)(void* pointer);
          void (*freeStateBuffer)(void* pointer);
          void* (*getNeighborhoodWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, void* outSize);
          libsimple_gradient_KDouble (*getValueWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt node);
          void (*setSourceWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, libsimple_gradient_KBoolean isSource);
          void* (*stepAndGetStateWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt rounds, void* outSize);
          void (*stepWithDistance)(libsimple_gradient_KInt handle, libsimple_gradient_KInt rounds);
          void (*updatePosition)(libsimple_gradient_KInt handle, libsimple_gradient_KInt node, libsimple_gradient_KDouble x, libsimple_gradient_KDouble y, libsimple_gradient_KDouble z);
        } cabi;
        struct {
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_codec_PositionsCodec (*_instance)();
            libsimple_gradient_kref_kotlin_DoubleArray (*decode)(libsimple_gradient_kref_collektive_codec_PositionsCodec thiz, libsimple_gradient_kref_kotlin_ByteArray bytes);
            libsimple_gradient_kref_kotlin_ByteArray (*encode)(libsimple_gradient_kref_collektive_codec_PositionsCodec thiz, libsimple_gradient_kref_kotlin_DoubleArray xyz);
          } PositionsCodec;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_codec_StateCodec (*_instance)();
            libsimple_gradient_kref_collektive_engine_EngineState (*decode)(libsimple_gradient_kref_collektive_codec_StateCodec thiz, libsimple_gradient_kref_kotlin_ByteArray bytes);
            libsimple_gradient_kref_kotlin_ByteArray (*encode)(libsimple_gradient_kref_collektive_codec_StateCodec thiz, libsimple_gradient_kref_collektive_engine_EngineState state);
            libsimple_gradient_kref_kotlin_ByteArray (*encode_)(libsimple_gradient_kref_collektive_codec_StateCodec thiz, libsimple_gradient_kref_collektive_engine_GradientEngine engine);
            libsimple_gradient_KInt (*encodedSize)(libsimple_gradient_kref_collektive_codec_StateCodec thiz, libsimple_gradient_kref_collektive_engine_EngineState state);
          } StateCodec;
        } codec;
        struct {
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_engine_BudgetExceededException (*BudgetExceededException)(const char* message);
          } BudgetExceededException;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_aggregate_api_Field (*get_distances)(libsimple_gradient_kref_collektive_engine_Device thiz);
            libsimple_gradient_KInt (*get_id)(libsimple_gradient_kref_collektive_engine_Device thiz);
            libsimple_gradient_KBoolean (*get_isSource)(libsimple_gradient_kref_collektive_engine_Device thiz);
            libsimple_gradient_KInt (*get_nodeCount)(libsimple_gradient_kref_collektive_engine_Device thiz);
          } Device;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_engine_EngineState (*EngineState)(libsimple_gradient_kref_kotlin_DoubleArray values, libsimple_gradient_kref_kotlin_Array neighbors);
            libsimple_gradient_kref_kotlin_Array (*get_neighbors)(libsimple_gradient_kref_collektive_engine_EngineState thiz);
            libsimple_gradient_KInt (*get_nodeCount)(libsimple_gradient_kref_collektive_engine_EngineState thiz);
            libsimple_gradient_kref_kotlin_DoubleArray (*get_values)(libsimple_gradient_kref_collektive_engine_EngineState thiz);
            libsimple_gradient_KBoolean (*equals)(libsimple_gradient_kref_collektive_engine_EngineState thiz, libsimple_gradient_kref_kotlin_Any other);
            libsimple_gradient_KInt (*hashCode)(libsimple_gradient_kref_collektive_engine_EngineState thiz);
            const char* (*toString)(libsimple_gradient_kref_collektive_engine_EngineState thiz);
          } EngineState;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_engine_GradientEngine (*GradientEngine)(libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance, libsimple_gradient_kref_collektive_engine_Program program);
            libsimple_gradient_KDouble (*get_maxDistance)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz);
            void (*set_maxDistance)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KDouble value);
            libsimple_gradient_KInt (*get_maxLinks)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz);
            void (*set_maxLinks)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KInt value);
            libsimple_gradient_KInt (*get_nodeCount)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz);
            libsimple_gradient_kref_collektive_engine_Program (*get_program)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz);
            libsimple_gradient_KLong (*get_roundsRun)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz);
            void (*clearSources)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz);
            libsimple_gradient_KBoolean (*isSource)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KInt node);
            libsimple_gradient_KInt (*neighborCount)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KInt node);
            libsimple_gradient_kref_kotlin_IntArray (*neighbors)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KInt node);
            libsimple_gradient_kref_kotlin_DoubleArray (*position)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KInt node);
            void (*setSource)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KInt node, libsimple_gradient_KBoolean isSource);
            libsimple_gradient_kref_collektive_engine_EngineState (*snapshot)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz);
            void (*step)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KInt rounds);
            void (*updatePosition)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KInt node, libsimple_gradient_KDouble x, libsimple_gradient_KDouble y, libsimple_gradient_KDouble z);
            void (*updatePositions)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_kref_kotlin_DoubleArray xyz);
            libsimple_gradient_KDouble (*value)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz, libsimple_gradient_KInt node);
            libsimple_gradient_kref_kotlin_DoubleArray (*values)(libsimple_gradient_kref_collektive_engine_GradientEngine thiz);
          } GradientEngine;
          struct {
            struct {
              libsimple_gradient_KType* (*_type)(void);
              libsimple_gradient_kref_collektive_engine_Program_Companion (*_instance)();
              libsimple_gradient_kref_collektive_engine_Program (*get_EUCLIDEAN)(libsimple_gradient_kref_collektive_engine_Program_Companion thiz);
              libsimple_gradient_kref_collektive_engine_Program (*get_HOP)(libsimple_gradient_kref_collektive_engine_Program_Companion thiz);
            } Companion;
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_engine_Program (*Program)(const char* name, libsimple_gradient_kref_collektive_engine_ProgramOutput output);
            const char* (*get_name)(libsimple_gradient_kref_collektive_engine_Program thiz);
            libsimple_gradient_kref_collektive_engine_ProgramOutput (*get_output)(libsimple_gradient_kref_collektive_engine_Program thiz);
            const char* (*get_spec)(libsimple_gradient_kref_collektive_engine_Program thiz);
            void (*check)(libsimple_gradient_kref_collektive_engine_Program thiz, libsimple_gradient_KInt nodeCount);
            const char* (*toString)(libsimple_gradient_kref_collektive_engine_Program thiz);
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_engine_Program thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } Program;
          struct {
            struct {
              libsimple_gradient_kref_collektive_engine_ProgramOutput (*get)(); /* enum entry for DISTANCE. */
            } DISTANCE;
            struct {
              libsimple_gradient_kref_collektive_engine_ProgramOutput (*get)(); /* enum entry for COUNT. */
            } COUNT;
            struct {
              libsimple_gradient_kref_collektive_engine_ProgramOutput (*get)(); /* enum entry for DEVICE_ID. */
            } DEVICE_ID;
            struct {
              libsimple_gradient_kref_collektive_engine_ProgramOutput (*get)(); /* enum entry for BOOLEAN. */
            } BOOLEAN;
            libsimple_gradient_KType* (*_type)(void);
            const char* (*get_label)(libsimple_gradient_kref_collektive_engine_ProgramOutput thiz);
          } ProgramOutput;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_engine_Scenarios (*_instance)();
            libsimple_gradient_KDouble (*get_REFERENCE_HORIZONTAL_SPACING)(libsimple_gradient_kref_collektive_engine_Scenarios thiz);
            libsimple_gradient_KDouble (*get_REFERENCE_VERTICAL_SPACING)(libsimple_gradient_kref_collektive_engine_Scenarios thiz);
            libsimple_gradient_kref_collektive_engine_GradientEngine (*random)(libsimple_gradient_kref_collektive_engine_Scenarios thiz, libsimple_gradient_KInt nodeCount, libsimple_gradient_KLong seed, libsimple_gradient_KDouble meanDegree, libsimple_gradient_KDouble maxDistance, libsimple_gradient_kref_collektive_engine_Program program);
            libsimple_gradient_kref_kotlin_DoubleArray (*randomPositions)(libsimple_gradient_kref_collektive_engine_Scenarios thiz, libsimple_gradient_KInt nodeCount, libsimple_gradient_KLong seed, libsimple_gradient_KDouble meanDegree, libsimple_gradient_KDouble maxDistance);
            libsimple_gradient_KDouble (*randomSide)(libsimple_gradient_kref_collektive_engine_Scenarios thiz, libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble meanDegree, libsimple_gradient_KDouble maxDistance);
            libsimple_gradient_kref_collektive_engine_GradientEngine (*reference)(libsimple_gradient_kref_collektive_engine_Scenarios thiz);
            libsimple_gradient_kref_kotlin_DoubleArray (*referencePositions)(libsimple_gradient_kref_collektive_engine_Scenarios thiz, libsimple_gradient_KInt nodeCount, libsimple_gradient_KDouble maxDistance);
          } Scenarios;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_engine_SpatialGrid (*SpatialGrid)();
            libsimple_gradient_KInt (*get_linkCount)(libsimple_gradient_kref_collektive_engine_SpatialGrid thiz);
            libsimple_gradient_KInt (*get_size)(libsimple_gradient_kref_collektive_engine_SpatialGrid thiz);
            void (*build)(libsimple_gradient_kref_collektive_engine_SpatialGrid thiz, libsimple_gradient_kref_kotlin_DoubleArray xyz, libsimple_gradient_KInt count, libsimple_gradient_KDouble radius, libsimple_gradient_KInt maxLinks);
            void (*clear)(libsimple_gradient_kref_collektive_engine_SpatialGrid thiz, libsimple_gradient_KInt count);
            libsimple_gradient_kref_kotlin_DoubleArray (*distancesOf)(libsimple_gradient_kref_collektive_engine_SpatialGrid thiz, libsimple_gradient_KInt node);
            libsimple_gradient_KInt (*neighborCount)(libsimple_gradient_kref_collektive_engine_SpatialGrid thiz, libsimple_gradient_KInt node);
            libsimple_gradient_kref_kotlin_IntArray (*neighborsOf)(libsimple_gradient_kref_collektive_engine_SpatialGrid thiz, libsimple_gradient_KInt node);
          } SpatialGrid;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_engine_SplitMix64 (*SplitMix64)(libsimple_gradient_KLong seed);
            libsimple_gradient_KDouble (*nextDouble)(libsimple_gradient_kref_collektive_engine_SplitMix64 thiz);
            libsimple_gradient_KInt (*nextInt)(libsimple_gradient_kref_collektive_engine_SplitMix64 thiz, libsimple_gradient_KInt bound);
            libsimple_gradient_KLong (*nextLong)(libsimple_gradient_kref_collektive_engine_SplitMix64 thiz);
          } SplitMix64;
        } engine;
        struct {
          struct {
            struct {
              libsimple_gradient_KType* (*_type)(void);
              libsimple_gradient_kref_collektive_programs_BoundedElection_Companion (*_instance)();
              libsimple_gradient_KInt (*get_DEFAULT_BOUND)(libsimple_gradient_kref_collektive_programs_BoundedElection_Companion thiz);
            } Companion;
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_BoundedElection (*BoundedElection)(libsimple_gradient_KInt bound);
            libsimple_gradient_KInt (*get_bound)(libsimple_gradient_kref_collektive_programs_BoundedElection thiz);
            const char* (*get_spec)(libsimple_gradient_kref_collektive_programs_BoundedElection thiz);
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_programs_BoundedElection thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } BoundedElection;
          struct {
            struct {
              libsimple_gradient_KType* (*_type)(void);
              libsimple_gradient_kref_collektive_programs_Channel_Companion (*_instance)();
              libsimple_gradient_KDouble (*get_DEFAULT_WIDTH)(libsimple_gradient_kref_collektive_programs_Channel_Companion thiz);
            } Companion;
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_Channel (*Channel)(libsimple_gradient_kref_kotlin_Int destination, libsimple_gradient_KDouble width);
            libsimple_gradient_kref_kotlin_Int (*get_destination)(libsimple_gradient_kref_collektive_programs_Channel thiz);
            const char* (*get_spec)(libsimple_gradient_kref_collektive_programs_Channel thiz);
            libsimple_gradient_KDouble (*get_width)(libsimple_gradient_kref_collektive_programs_Channel thiz);
            void (*check)(libsimple_gradient_kref_collektive_programs_Channel thiz, libsimple_gradient_KInt nodeCount);
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_programs_Channel thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } Channel;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_CountDevices (*_instance)();
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_programs_CountDevices thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } CountDevices;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_EuclideanGradient (*_instance)();
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_programs_EuclideanGradient thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } EuclideanGradient;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_GossipMax (*_instance)();
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_programs_GossipMax thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } GossipMax;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_HopGradient (*_instance)();
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_programs_HopGradient thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } HopGradient;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_NeighborCounter (*_instance)();
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_programs_NeighborCounter thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } NeighborCounter;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_kotlin_Int (*integer)(libsimple_gradient_kref_collektive_programs_ProgramArguments thiz, const char* key);
            libsimple_gradient_kref_kotlin_Double (*number)(libsimple_gradient_kref_collektive_programs_ProgramArguments thiz, const char* key);
          } ProgramArguments;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_Programs (*_instance)();
            libsimple_gradient_kref_kotlin_collections_List (*get_entries)(libsimple_gradient_kref_collektive_programs_Programs thiz);
            libsimple_gradient_kref_kotlin_collections_List (*get_names)(libsimple_gradient_kref_collektive_programs_Programs thiz);
            libsimple_gradient_kref_collektive_engine_Program (*parse)(libsimple_gradient_kref_collektive_programs_Programs thiz, const char* spec, libsimple_gradient_kref_kotlin_Int nodeCount);
          } Programs;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_ProgramEntry (*ProgramEntry)(const char* name, libsimple_gradient_kref_kotlin_Array parameters, libsimple_gradient_kref_kotlin_Function1 build);
            libsimple_gradient_kref_kotlin_collections_List (*get_allParameters)(libsimple_gradient_kref_collektive_programs_ProgramEntry thiz);
            libsimple_gradient_kref_kotlin_Function1 (*get_build)(libsimple_gradient_kref_collektive_programs_ProgramEntry thiz);
            const char* (*get_name)(libsimple_gradient_kref_collektive_programs_ProgramEntry thiz);
            libsimple_gradient_kref_kotlin_Array (*get_parameters)(libsimple_gradient_kref_collektive_programs_ProgramEntry thiz);
          } ProgramEntry;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_SourceNeighbors (*_instance)();
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_programs_SourceNeighbors thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } SourceNeighbors;
          struct {
            struct {
              libsimple_gradient_KType* (*_type)(void);
              libsimple_gradient_kref_collektive_programs_WithWork_Companion (*_instance)();
              libsimple_gradient_KDouble (*get_MAX_ROUND_WORK_NS)(libsimple_gradient_kref_collektive_programs_WithWork_Companion thiz);
              libsimple_gradient_KDouble (*get_MAX_WORK_NS)(libsimple_gradient_kref_collektive_programs_WithWork_Companion thiz);
              const char* (*get_PARAMETER)(libsimple_gradient_kref_collektive_programs_WithWork_Companion thiz);
              libsimple_gradient_kref_collektive_engine_Program (*of)(libsimple_gradient_kref_collektive_programs_WithWork_Companion thiz, libsimple_gradient_kref_collektive_engine_Program program, libsimple_gradient_KDouble workNs);
            } Companion;
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_WithWork (*WithWork)(libsimple_gradient_kref_collektive_engine_Program program, libsimple_gradient_KDouble workNs);
            libsimple_gradient_kref_collektive_engine_Program (*get_program)(libsimple_gradient_kref_collektive_programs_WithWork thiz);
            const char* (*get_spec)(libsimple_gradient_kref_collektive_programs_WithWork thiz);
            libsimple_gradient_KDouble (*get_workNs)(libsimple_gradient_kref_collektive_programs_WithWork thiz);
            void (*check)(libsimple_gradient_kref_collektive_programs_WithWork thiz, libsimple_gradient_KInt nodeCount);
            libsimple_gradient_KDouble (*run)(libsimple_gradient_kref_collektive_programs_WithWork thiz, libsimple_gradient_kref_collektive_aggregate_api_Aggregate thiz1, libsimple_gradient_kref_collektive_engine_Device device);
          } WithWork;
          struct {
            libsimple_gradient_KType* (*_type)(void);
            libsimple_gradient_kref_collektive_programs_CalibratedWork (*_instance)();
            libsimple_gradient_KDouble (*get_iterationsPerNs)(libsimple_gradient_kref_collektive_programs_CalibratedWork thiz);
            libsimple_gradient_KInt (*get_sink)(libsimple_gradient_kref_collektive_programs_CalibratedWork thiz);
            libsimple_gradient_KInt (*iterationsFor)(libsimple_gradient_kref_collektive_programs_CalibratedWork thiz, libsimple_gradient_KDouble ns);
            void (*spend)(libsimple_gradient_kref_collektive_programs_CalibratedWork thiz, libsimple_gradient_KInt iterations);
          } CalibratedWork;
        } programs;
      } collektive;
    } root;
  } kotlin;
} libsimple_gradient_ExportedSymbols;
extern libsimple_gradient_ExportedSymbols* libsimple_gradient_symbols(void);
#ifdef __cplusplus
}  /* extern "C" */
#endif
#endif  /* KONAN_LIBSIMPLE_GRADIENT_H */
