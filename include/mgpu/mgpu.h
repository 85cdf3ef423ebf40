/// \file
/// \brief Every mgpu algorithm in one include.
#pragma once

#include <mgpu/search.h>
#include <mgpu/merge.h>
#include <mgpu/bulk_remove.h>
#include <mgpu/bulk_insert.h>
#include <mgpu/set_operations.h>
#include <mgpu/load_balance.h>
#include <mgpu/interval_move.h>
#include <mgpu/sorted_search.h>
#include <mgpu/join.h>
#include <mgpu/segmented_reduce.h>
