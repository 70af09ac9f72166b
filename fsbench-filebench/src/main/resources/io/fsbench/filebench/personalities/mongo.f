# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Document store, after filebench's "Mongo-like" file: grow a collection file by a
# random append, read one whole, and drop a file from a second set of the same shape.
# Both sets start full; the dropped files are not made again, so the second set empties
# as the run goes on, and the first delete that finds nothing ends the run (firstdone),
# as in filebench. filebench's file has no run line; this one runs at most 60 s.

set $dir=/tmp
set $nfiles=1000
set $dirwidth=20
set $filesize=16k
set $nthreads=1
set $meaniosize=16k
set $readiosize=1m

set mode quit firstdone

define fileset name=collections,path=$dir,entries=$nfiles,size=$filesize,dirwidth=$dirwidth,prealloc,paralloc
define fileset name=dropped,path=$dir,entries=$nfiles,size=$filesize,dirwidth=$dirwidth,prealloc,paralloc

define process name=mongod,instances=1
{
  thread name=client,memsize=10m,instances=$nthreads
  {
    flowop openfile name=open-grow,filesetname=collections,fd=1
    flowop appendfilerand name=grow,iosize=$meaniosize,fd=1
    flowop closefile name=close-grow,fd=1
    flowop openfile name=open-scan,filesetname=collections,fd=1
    flowop readwholefile name=scan,fd=1,iosize=$readiosize
    flowop closefile name=close-scan,fd=1
    flowop deletefile name=drop,filesetname=dropped
  }
}

run 60
