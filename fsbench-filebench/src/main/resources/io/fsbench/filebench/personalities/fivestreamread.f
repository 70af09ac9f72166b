# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Five processes, each reading its own 1 GiB file sequentially in 1 MiB reads. filebench's file has no run line; this one runs 60 s.

set $dir=/tmp
set $filesize=1g
set $nthreads=1
set $iosize=1m

define file name=stream1,path=$dir,size=$filesize,prealloc,reuse
define file name=stream2,path=$dir,size=$filesize,prealloc,reuse
define file name=stream3,path=$dir,size=$filesize,prealloc,reuse
define file name=stream4,path=$dir,size=$filesize,prealloc,reuse
define file name=stream5,path=$dir,size=$filesize,prealloc,reuse

define process name=read1,instances=1
{
  thread name=t1,memsize=10m,instances=$nthreads
  {
    flowop read name=seqread1,filesetname=stream1,iosize=$iosize
  }
}

define process name=read2,instances=1
{
  thread name=t2,memsize=10m,instances=$nthreads
  {
    flowop read name=seqread2,filesetname=stream2,iosize=$iosize
  }
}

define process name=read3,instances=1
{
  thread name=t3,memsize=10m,instances=$nthreads
  {
    flowop read name=seqread3,filesetname=stream3,iosize=$iosize
  }
}

define process name=read4,instances=1
{
  thread name=t4,memsize=10m,instances=$nthreads
  {
    flowop read name=seqread4,filesetname=stream4,iosize=$iosize
  }
}

define process name=read5,instances=1
{
  thread name=t5,memsize=10m,instances=$nthreads
  {
    flowop read name=seqread5,filesetname=stream5,iosize=$iosize
  }
}

run 60
