# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# File server: create and write whole, append, read whole, delete, stat.

set $dir=/tmp
set $nfiles=10000
set $meandirwidth=20
set $filesize=cvar(type=cvar-gamma,parameters=mean:131072;gamma:1.5)
set $nthreads=50
set $iosize=1m
set $meanappendsize=16k

define fileset name=share,path=$dir,entries=$nfiles,size=$filesize,dirwidth=$meandirwidth,prealloc=80

define process name=fileserver,instances=1
{
  thread name=client,memsize=10m,instances=$nthreads
  {
    flowop createfile name=create,filesetname=share,fd=1
    flowop writewholefile name=writefile,fd=1,iosize=$iosize
    flowop closefile name=close1,fd=1
    flowop openfile name=open1,filesetname=share,fd=1
    flowop appendfilerand name=append,fd=1,iosize=$meanappendsize
    flowop closefile name=close2,fd=1
    flowop openfile name=open2,filesetname=share,fd=1
    flowop readwholefile name=readfile,fd=1,iosize=$iosize
    flowop closefile name=close3,fd=1
    flowop deletefile name=delete,filesetname=share
    flowop statfile name=stat,filesetname=share
  }
}

run 60
